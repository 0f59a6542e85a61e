/**
 * What the {@code ant} and {@code plexus} backends share: the SPI's glob language as the include
 * and exclude patterns of an Ant-style {@code DirectoryScanner} ({@link
 * dev.fsbench.antglob.AntPatterns}, one {@link dev.fsbench.antglob.Alternative} at a time, refusing
 * what the dialect cannot say), the glob call around a scan ({@link
 * dev.fsbench.antglob.ScannerGlob}, {@link dev.fsbench.antglob.WorkingDirectory}) and the
 * forwarding backend whose one own family it is ({@link dev.fsbench.antglob.ScannerBackend}, {@link
 * dev.fsbench.antglob.ScannerRoutes}). A backend module brings its library through {@link
 * dev.fsbench.antglob.Scanner} and {@link dev.fsbench.antglob.Dialect}; nothing here depends on a
 * scanner library.
 */
package dev.fsbench.antglob;
