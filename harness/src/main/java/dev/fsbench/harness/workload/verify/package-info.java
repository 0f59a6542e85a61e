/**
 * The verification of every sample: the {@link dev.fsbench.harness.workload.verify.Oracle oracle}
 * (plain NIO on the default filesystem, never a backend under test), glob's own {@link
 * dev.fsbench.harness.workload.verify.GlobOracle oracle}, the check of a copied tree ({@code
 * CopyCheck}), the {@code Verifier} that collects what differs and the {@link
 * dev.fsbench.harness.workload.verify.VerificationFailure failure} that names the cell; and the
 * {@link dev.fsbench.harness.workload.verify.NameProbe probe} of names that are not valid text.
 */
package dev.fsbench.harness.workload.verify;
