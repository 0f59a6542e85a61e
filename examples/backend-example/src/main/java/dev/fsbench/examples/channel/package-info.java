/**
 * An fsbench backend built outside fsbench: {@link
 * dev.fsbench.examples.channel.ChannelBackendProvider} (found through {@code META-INF/services})
 * creates {@code ChannelBackend}, which reads and writes files through a {@code FileChannel} and a
 * direct buffer and forwards every other family to nio. See {@code docs/writing-a-backend.md} in
 * fsbench.
 */
package dev.fsbench.examples.channel;
