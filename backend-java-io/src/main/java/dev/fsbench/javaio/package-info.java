/**
 * The {@code java-io} backend: {@link java.io.File} and its streams where the legacy API can do a
 * family, NIO where it cannot. Start at {@link dev.fsbench.javaio.JavaIoBackend}, whose class
 * comment has the table of routes.
 *
 * <p>One file per concept: {@code JavaIoBackend} (which family goes where, and why: declared on its
 * methods and its class), {@code FileNames} (which paths a {@code File} names faithfully), {@code
 * LinkTest} (the canonical-path test legacy code used to tell a link), {@code Failures} (the error
 * contract), then one class per group of java.io calls ({@code Lookups}, {@code ContentRead},
 * {@code FileWrites}, {@code FileCopy}, {@code Listing}, {@code Removal}). Each says what it adds
 * to java.io and what that costs.
 */
package dev.fsbench.javaio;
