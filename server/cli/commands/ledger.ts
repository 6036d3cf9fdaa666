import { http } from 'viem';
import { issuersWithLedger } from '../../repositories/issuers';
import { deployLedgerContract } from '../../services/ledger/evm/evmChain';
import { verifyIssuerLog } from '../../services/ledger/transparencyLog';
import { CliError, issuerArgument, issuerLabel, type CliCommand } from '../command';

export const ledgerCommand: CliCommand = {
  name: 'ledger',
  summary: "verify the issuers' transparency logs (the NFT ledger); deploy the EVM contract",
  usage: 'verify [<issuer>] | deploy',
  help: [
    'verify: reads every leaf and tree head of the issuer’s log (or of every issuer’s) from the database and checks',
    'that each leaf still hashes its certificate’s signed credential, that each head’s root is the tree of its',
    'leaves, that its Ed25519 signature verifies under the issuer key it names, that it chains to the previous',
    'head and is consistent with it (RFC 6962). Prints each problem found; exit status 1 when there is one.',
    'It changes nothing: run it as often as wanted.',
    'deploy: with NFT_RPC_URL, NFT_CHAIN_ID and the NFT signing key set, deploys the LaurelCertificates contract',
    '(owned by the signer, who pays), waits for NFT_CONFIRMATIONS blocks and prints its address: set it as',
    'NFT_CONTRACT_ADDRESS. Run it once per installation.',
  ],
  options: {},
  positionals: { min: 1, max: 2 },
  async run(ctx, { positionals: [action, reference] }) {
    if (action === 'deploy') {
      const nft = ctx.config.nft;
      if (!nft) throw new CliError('deploy needs NFT_RPC_URL, NFT_CHAIN_ID and NFT_PRIVATE_KEY(_FILE)');
      if (nft.contractAddress) throw new CliError(`NFT_CONTRACT_ADDRESS is already set (${nft.contractAddress})`);
      const address = await deployLedgerContract({
        transport: http(nft.rpcUrl),
        chainId: nft.chainId,
        privateKey: nft.privateKey(),
        confirmations: nft.confirmations,
        explorerUrl: nft.explorerUrl,
        resendAfterMs: nft.resendSeconds * 1000,
      });
      ctx.io.out(`deployed LaurelCertificates at ${address}: set NFT_CONTRACT_ADDRESS=${address}`);
      return;
    }
    if (action !== 'verify') throw new CliError(`unknown ledger action "${action}": the actions are verify and deploy`);
    const issuers = reference ? [await issuerArgument(ctx.db, reference)] : await issuersWithLedger(ctx.db);
    let problems = 0;
    for (const issuer of issuers) {
      const report = await verifyIssuerLog(ctx.db, issuer.id, ctx.config.publicUrl);
      for (const problem of report.problems) ctx.io.err(`${issuerLabel(issuer)}: ${problem}`);
      problems += report.problems.length;
      ctx.io.out(
        `${issuerLabel(issuer)}: ${report.leaves} leaves, ${report.heads} signed heads, ` +
          (report.problems.length === 0 ? 'intact' : `${report.problems.length} problem(s)`),
      );
    }
    if (issuers.length === 0) ctx.io.out('no transparency log yet: no NFT certificate was anchored');
    if (problems > 0) throw new CliError(`the transparency log has ${problems} problem(s): see above`);
  },
};
