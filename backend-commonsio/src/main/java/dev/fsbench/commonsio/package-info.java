/**
 * The {@code commons-io} backend: Apache Commons IO 2.22.0 as the peer baseline, with NIO where
 * Commons IO has no operation. Start at {@link dev.fsbench.commonsio.CommonsIoBackend}, whose class
 * comment has the table of routes.
 *
 * <p>One file per concept: {@code CommonsIoBackend} (which family goes where, and why: declared on
 * its methods and its class), {@code Failures} and {@code Parents} (the error contract), then one
 * class per adapted operation ({@code FileWrites}, {@code FileCopy}, {@code TreeCopy}, {@code
 * DirectoryCreation}, {@code Moving}, {@code Removal}, {@code Listing}) and one per Commons IO
 * visitor subclassed ({@code TreeCopyVisitor}, {@code ListingVisitor}, {@code ScanVisitor}). Each
 * says what it adds to Commons IO's call and what that costs.
 */
package dev.fsbench.commonsio;
