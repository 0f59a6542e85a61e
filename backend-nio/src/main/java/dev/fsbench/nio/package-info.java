/**
 * The {@code nio} backend: every family with {@code java.nio.file} alone, on any {@link
 * java.nio.file.FileSystem}; the baseline every other backend is measured against. Start at {@link
 * dev.fsbench.nio.NioBackend}, whose class comment names each adaptation to the contract; the
 * {@code OwnRoute} on each of its family methods says what serves the family.
 *
 * <p>Beside it, one class per piece {@code Files} has no call for: the tree walks ({@code
 * TreeListing}, {@code TreeScan}, {@code TreeCopy}, {@code GlobWalk} with {@code GlobPattern}), the
 * race-safe copy ({@code SecureTreeCopy}, a visitor of the support module's {@code HandleWalk},
 * whose {@code TreeRemoval} serves rm), one-read metadata ({@code Metadata}), the checks before a
 * call ({@code Directories}, {@code BoundedRead}) and the error forms ({@code NioErrors}).
 */
package dev.fsbench.nio;
