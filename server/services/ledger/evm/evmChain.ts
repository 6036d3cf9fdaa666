import { readFileSync } from 'node:fs';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  type Abi,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
  type Chain,
  type Account,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { NftChainSettings } from '../../../config';
import type { AnchorOptions, ConfirmedTransaction, LedgerChain, SentTransaction } from '../chain';

/**
 * The EVM adapter of issue 20 (viem 2): drives the installation's LaurelCertificates contract. One signer sends
 * every transaction: nonces are given out one at a time from the chain's pending count and kept across resends;
 * gas is estimated with a margin; fees are EIP-1559. A transaction counts once it has `confirmations` blocks
 * (its own included) and is still in the chain; one not mined after `resendAfterMs` (dropped, stuck, or gone in a
 * reorg) is sent again with the same nonce and higher fees; a reverted or out-of-gas one throws ChainTransactionError
 * (the job records it and is retried), never a silent success.
 */

export const LEDGER_CONTRACT = JSON.parse(
  readFileSync(new URL('./LaurelCertificates.json', import.meta.url), 'utf8'),
) as {
  abi: Abi;
  bytecode: Hex;
};
const abi = LEDGER_CONTRACT.abi;

/** A transaction that reverted, ran out of gas, or whose nonce went to another transaction. */
export class ChainTransactionError extends Error {
  constructor(
    message: string,
    readonly hash: Hex | null,
  ) {
    super(message);
    this.name = 'ChainTransactionError';
  }
}

export interface EvmChainOptions {
  transport: Transport;
  chainId: number;
  privateKey: Hex;
  contractAddress: Hex;
  confirmations: number;
  explorerUrl: string | null;
  /** a transaction not mined after this is sent again with the same nonce and bumped fees */
  resendAfterMs: number;
  /** how often receipts and blocks are read */
  pollMs?: number;
  /** the gas limit from viem's estimate (default: estimate × 1.25) */
  gasLimit?: (estimate: bigint) => bigint;
}

/** The funds check's margin on the anchoring transaction's estimated cost (fees can rise before it is sent). */
export const FUNDS_MARGIN = 3n;
/** An anchor transaction's gas when the node will not estimate it (measured: about 75,000 for a first anchor). */
const ANCHOR_GAS_FALLBACK = 100_000n;
/** Fee bump of a resend: +25 % (nodes want at least +10 % to replace a transaction with the same nonce). */
const BUMP_PERCENT = 125n;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chainOf(chainId: number): Chain {
  return {
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  };
}

/** The adapter from the NFT_* settings (HTTP JSON-RPC); NFT_CONTRACT_ADDRESS must be set. */
export function evmChainFromSettings(settings: NftChainSettings): EvmChain {
  if (!settings.contractAddress) {
    throw new Error(
      'NFT_RPC_URL is set but NFT_CONTRACT_ADDRESS is not: deploy the contract once with `npm run laurel -- ledger deploy` and set the address it prints',
    );
  }
  return new EvmChain({
    transport: http(settings.rpcUrl, { retryCount: 2, timeout: 20_000 }),
    chainId: settings.chainId,
    privateKey: settings.privateKey(),
    contractAddress: settings.contractAddress,
    confirmations: settings.confirmations,
    explorerUrl: settings.explorerUrl,
    resendAfterMs: settings.resendSeconds * 1000,
  });
}

/**
 * Deploys LaurelCertificates owned by the key's address (or `owner`: the installation's signer, when another
 * account pays the deployment); answers its address once the deployment is final.
 */
export async function deployLedgerContract(
  options: Omit<EvmChainOptions, 'contractAddress'> & { owner?: Hex },
): Promise<Hex> {
  const account = privateKeyToAccount(options.privateKey);
  const chain = chainOf(options.chainId);
  const reader = createPublicClient({ chain, transport: options.transport, pollingInterval: options.pollMs ?? 1000 });
  const wallet = createWalletClient({ account, chain, transport: options.transport });
  const hash = await wallet.deployContract({
    abi,
    bytecode: LEDGER_CONTRACT.bytecode,
    args: [options.owner ?? account.address],
  });
  const receipt = await reader.waitForTransactionReceipt({ hash, confirmations: options.confirmations });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new ChainTransactionError('the contract deployment reverted', hash);
  }
  return receipt.contractAddress;
}

interface Call {
  functionName: 'anchor' | 'mintClaimed' | 'reveal';
  args: readonly unknown[];
}

export class EvmChain implements LedgerChain {
  readonly chainId: number;
  readonly confirmations: number;
  readonly contractAddress: Hex;
  private readonly account: Account;
  private readonly reader: PublicClient;
  private readonly wallet: WalletClient;
  private readonly contract: Hex;
  private readonly pollMs: number;
  /** sends are serialised: the next nonce is given out by one send at a time */
  private sending: Promise<unknown> = Promise.resolve();
  private nextNonce: number | null = null;
  private closed = false;
  private checkedChainId = false;

  constructor(private readonly options: EvmChainOptions) {
    this.chainId = options.chainId;
    this.confirmations = Math.max(1, options.confirmations);
    this.account = privateKeyToAccount(options.privateKey);
    const chain = chainOf(options.chainId);
    this.pollMs = options.pollMs ?? 2000;
    this.reader = createPublicClient({ chain, transport: options.transport, pollingInterval: this.pollMs });
    this.wallet = createWalletClient({ account: this.account, chain, transport: options.transport });
    this.contract = options.contractAddress;
    this.contractAddress = options.contractAddress;
  }

  address(): Hex {
    return this.account.address;
  }

  explorerUrl(txHash: string): string | null {
    return this.options.explorerUrl ? `${this.options.explorerUrl}/tx/${txHash}` : null;
  }

  /** The root anchored for this issuer and tree size, or null. */
  async anchoredRoot(issuerId: number, treeSize: number): Promise<Hex | null> {
    const root = (await this.reader.readContract({
      address: this.contract,
      abi,
      functionName: 'roots',
      args: [BigInt(issuerId), BigInt(treeSize)],
    })) as Hex;
    return /^0x0+$/.test(root) ? null : root;
  }

  /** The signer's balance and what an anchoring transaction would cost now, times FUNDS_MARGIN (wei). */
  async anchoringFunds(issuerId: number): Promise<{ balance: bigint; needed: bigint }> {
    const data = encodeFunctionData({
      abi,
      functionName: 'anchor',
      // a size no batch reaches: the estimate is the one of a first anchoring
      args: [BigInt(issuerId), 2n ** 63n, `0x${'ff'.repeat(32)}`],
    });
    const [balance, gas, fees] = await Promise.all([
      this.reader.getBalance({ address: this.account.address }),
      this.reader.estimateGas({ account: this.account, to: this.contract, data }).catch((error: Error) => {
        // some nodes refuse to estimate for an account that could not pay: the anchor's usual gas then
        if (/insufficient funds|balance/i.test(`${error.message} ${(error as { details?: string }).details ?? ''}`)) {
          return ANCHOR_GAS_FALLBACK;
        }
        throw error;
      }),
      this.reader.estimateFeesPerGas(),
    ]);
    return { balance, needed: this.gasLimit(gas) * (fees.maxFeePerGas ?? 0n) * FUNDS_MARGIN };
  }

  async anchor(
    head: { issuerId: number; treeSize: number; root: Hex },
    options: AnchorOptions = {},
  ): Promise<ConfirmedTransaction> {
    const onChain = await this.anchoredRoot(head.issuerId, head.treeSize);
    if (onChain !== null && onChain.toLowerCase() !== head.root.toLowerCase()) {
      throw new ChainTransactionError(
        `tree size ${head.treeSize} of issuer ${head.issuerId} is anchored with another root (${onChain})`,
        null,
      );
    }
    // a transaction recorded by an earlier attempt: wait for it (or send it again with its nonce), never a second one
    if (options.known) return this.waitFinal({ ...options.known, hashes: [...options.known.hashes] }, options);
    if (onChain !== null) {
      // sent by an attempt that stopped before recording it: the Anchored event names the transaction
      const found = await this.findAnchorTransaction(head.issuerId, head.treeSize);
      if (!found)
        throw new ChainTransactionError(`tree size ${head.treeSize} is anchored but its event is not found`, null);
      await options.onSent?.(found);
      return this.waitFinal(found, options);
    }
    return this.send(
      { functionName: 'anchor', args: [BigInt(head.issuerId), BigInt(head.treeSize), head.root] },
      options,
    );
  }

  private async findAnchorTransaction(issuerId: number, treeSize: number): Promise<SentTransaction | null> {
    const events = await this.reader.getContractEvents({
      address: this.contract,
      abi,
      eventName: 'Anchored',
      args: { issuerId: BigInt(issuerId) },
      fromBlock: 0n,
    });
    const event = events.find((item) => (item.args as { treeSize?: bigint }).treeSize === BigInt(treeSize));
    if (!event?.transactionHash) return null;
    const tx = await this.reader.getTransaction({ hash: event.transactionHash });
    return {
      hash: tx.hash,
      hashes: [tx.hash],
      nonce: tx.nonce,
      gas: String(tx.gas),
      maxFeePerGas: String(tx.maxFeePerGas ?? tx.gasPrice ?? 0n),
      maxPriorityFeePerGas: String(tx.maxPriorityFeePerGas ?? 0n),
      data: tx.input,
    };
  }

  async mintClaimed(tokenId: bigint, wallet: Hex): Promise<{ txHash: Hex }> {
    const done = await this.send({ functionName: 'mintClaimed', args: [wallet, tokenId] });
    return { txHash: done.hash };
  }

  async reveal(tokenId: bigint, uri: string): Promise<{ txHash: Hex }> {
    const done = await this.send({ functionName: 'reveal', args: [tokenId, uri] });
    return { txHash: done.hash };
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private gasLimit(estimate: bigint): bigint {
    return this.options.gasLimit ? this.options.gasLimit(estimate) : (estimate * 125n) / 100n;
  }

  private async checkChain(): Promise<void> {
    if (this.checkedChainId) return;
    const id = await this.reader.getChainId();
    if (id !== this.chainId) throw new Error(`NFT_CHAIN_ID is ${this.chainId} but NFT_RPC_URL answers chain ${id}`);
    this.checkedChainId = true;
  }

  /** One send at a time: the nonce given out and the broadcast happen together. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.sending.then(work, work);
    this.sending = run.catch(() => undefined);
    return run;
  }

  private async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const fees = await this.reader.estimateFeesPerGas();
    return { maxFeePerGas: fees.maxFeePerGas ?? 0n, maxPriorityFeePerGas: fees.maxPriorityFeePerGas ?? 0n };
  }

  private async broadcast(data: Hex, tx: Omit<SentTransaction, 'hash' | 'hashes'>): Promise<Hex> {
    const signed = await this.wallet.signTransaction({
      account: this.account,
      chain: chainOf(this.chainId),
      to: this.contract,
      data,
      type: 'eip1559',
      nonce: tx.nonce,
      gas: BigInt(tx.gas),
      maxFeePerGas: BigInt(tx.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
    });
    return this.reader.sendRawTransaction({ serializedTransaction: signed });
  }

  private async send(call: Call, options: AnchorOptions = {}): Promise<ConfirmedTransaction> {
    if (this.closed) throw new Error('the EVM chain is closed');
    await this.checkChain();
    const data = encodeFunctionData({ abi, functionName: call.functionName, args: call.args });
    // a revert shows here, before any nonce is taken
    const estimate = await this.reader.estimateGas({ account: this.account, to: this.contract, data });
    const gas = this.gasLimit(estimate);
    const fees = await this.fees();
    const sent = await this.serial(async () => {
      const nonce =
        this.nextNonce ??
        (await this.reader.getTransactionCount({ address: this.account.address, blockTag: 'pending' }));
      const fields = {
        nonce,
        gas: String(gas),
        maxFeePerGas: String(fees.maxFeePerGas),
        maxPriorityFeePerGas: String(fees.maxPriorityFeePerGas),
        data,
      };
      try {
        const hash = await this.broadcast(data, fields);
        this.nextNonce = nonce + 1;
        return { ...fields, hash, hashes: [hash] } satisfies SentTransaction;
      } catch (error) {
        // the chain's count is read again on the next send (a nonce used elsewhere, a node restarted…)
        this.nextNonce = null;
        throw error;
      }
    });
    await options.onSent?.(sent);
    return this.waitFinal(sent, options);
  }

  private async findMined(hashes: readonly Hex[]) {
    for (const hash of hashes) {
      const receipt = await this.reader.getTransactionReceipt({ hash }).catch(() => null);
      if (receipt) return receipt;
    }
    return null;
  }

  /**
   * Waits until one of the transaction's hashes (the first send and its replacements, all with one nonce) has
   * `confirmations` blocks and is still in the chain. Not mined after resendAfterMs: sent again, same nonce,
   * fees bumped. Reverted (or out of gas): ChainTransactionError.
   */
  private async waitFinal(tx: SentTransaction, options: AnchorOptions): Promise<ConfirmedTransaction> {
    let waitingSince = Date.now();
    for (;;) {
      if (this.closed) throw new Error('the EVM chain is closed');
      const receipt = await this.findMined(tx.hashes);
      if (receipt) {
        waitingSince = Date.now();
        if (receipt.status !== 'success') {
          const outOfGas = receipt.gasUsed >= BigInt(tx.gas);
          throw new ChainTransactionError(
            outOfGas
              ? `transaction ${receipt.transactionHash} ran out of gas (${receipt.gasUsed} used)`
              : `transaction ${receipt.transactionHash} reverted`,
            receipt.transactionHash,
          );
        }
        const head = await this.reader.getBlockNumber();
        if (head - receipt.blockNumber + 1n >= BigInt(this.confirmations)) {
          // still there after the confirmations (a reorg drops it or moves it to another block)
          const again = await this.reader.getTransactionReceipt({ hash: receipt.transactionHash }).catch(() => null);
          if (again && again.blockHash === receipt.blockHash) {
            return { hash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber), nonce: tx.nonce };
          }
        }
      } else if (Date.now() - waitingSince >= this.options.resendAfterMs) {
        await this.resend(tx, options);
        waitingSince = Date.now();
      }
      await sleep(this.pollMs);
    }
  }

  /** The same nonce again with fees 25 % higher (and at least today's estimate): replaces a stuck or dropped one. */
  private async resend(tx: SentTransaction, options: AnchorOptions): Promise<void> {
    const mined = await this.reader.getTransactionCount({ address: this.account.address, blockTag: 'latest' });
    if (mined > tx.nonce) {
      // the nonce is used: by one of ours (seen at the next receipt read) or by something else
      if (await this.findMined(tx.hashes)) return;
      throw new ChainTransactionError(`nonce ${tx.nonce} was used by another transaction`, tx.hash);
    }
    const now = await this.fees();
    const bump = (value: string, current: bigint) => {
      const bumped = (BigInt(value) * BUMP_PERCENT) / 100n + 1n;
      return String(bumped > current ? bumped : current);
    };
    tx.maxFeePerGas = bump(tx.maxFeePerGas, now.maxFeePerGas);
    tx.maxPriorityFeePerGas = bump(tx.maxPriorityFeePerGas, now.maxPriorityFeePerGas);
    const hash = await this.broadcast(tx.data, tx);
    tx.hash = hash;
    if (!tx.hashes.includes(hash)) tx.hashes.push(hash);
    await options.onSent?.(tx);
  }
}
