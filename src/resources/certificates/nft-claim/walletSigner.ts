/**
 * Signing with a browser wallet (an EIP-1193 provider at window.ethereum, e.g. MetaMask), when there is one. The
 * claim page works without it: the message can be signed in any wallet and the signature pasted.
 */
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

function provider(): Eip1193Provider | null {
  const candidate = (window as unknown as { ethereum?: Eip1193Provider }).ethereum;
  return candidate && typeof candidate.request === 'function' ? candidate : null;
}

export const hasBrowserWallet = () => provider() !== null;

/** The wallet's first account (asks the user to connect). */
export async function browserWalletAddress(): Promise<string | null> {
  const wallet = provider();
  if (!wallet) return null;
  const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  return accounts[0] ?? null;
}

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** EIP-191 personal_sign of the message by the address, in the browser wallet. */
export async function signWithBrowserWallet(message: string, address: string): Promise<string> {
  const wallet = provider();
  if (!wallet) throw new Error('no browser wallet');
  return (await wallet.request({ method: 'personal_sign', params: [utf8Hex(message), address] })) as string;
}
