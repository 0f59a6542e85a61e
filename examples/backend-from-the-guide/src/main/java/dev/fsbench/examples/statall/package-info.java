/**
 * {@code stat-all}, an fsbench backend written from fsbench's "Writing a backend" guide alone: stat
 * and lstat through {@code Files.readAttributes(path, "unix:*")}, every other family nio's.
 */
package dev.fsbench.examples.statall;
