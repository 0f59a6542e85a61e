/**
 * The {@code guava} backend: Google Guava's file utilities ({@code MoreFiles}, {@code ByteSource},
 * {@code ByteSink}, {@code Traverser}) where Guava has a call for a family, NIO where it has none.
 * Start at {@link dev.fsbench.guava.GuavaBackend}, whose class comment has the table of routes.
 *
 * <p>One file per concept: {@code GuavaBackend} (which family goes where, and why: declared on its
 * methods and its class), {@code Failures} (the error contract), then one class per Guava call
 * adapted ({@code Removal}, {@code Listing}, {@code FileCopy}, {@code ContentRead}, {@code
 * FileWrites}, {@code DirectoryCreation}). Each says what it adds to Guava's call and what that
 * costs.
 */
package dev.fsbench.guava;
