import type { NftCertificateView } from '../../domain/nftClaims';
import { apiRequest, apiRequestBlob } from './apiRequest';

/** What the verify page reads to check an NFT certificate's inclusion proof itself (issue 20). */
export interface LedgerProofDocuments {
  /** the batch's proof JSON (/ledger/{issuer}/{size}/proof.json?leaf=…) */
  proof: unknown;
  /** the signed credential's bytes, as the leaf hashed them */
  credential: Uint8Array;
  /** the issuer's DID document, whose key signed the tree head */
  didDocument: unknown;
}

/**
 * Claiming an NFT certificate into a wallet and revealing it, from its public claim page, and the public documents
 * the verify page checks a ledger proof with. All public: sent without the session.
 */
export const nftClaimMethods = {
  /** GET /api/public/certificates/{key}/nft */
  nftCertificate: async (key: string): Promise<NftCertificateView> =>
    (await apiRequest('/api/public/certificates/{key}/nft', 'get', { path: { key }, token: null })).body,
  /** POST /api/public/certificates/{key}/claim: the wallet and its EIP-191 signature of the claim message */
  claimNft: async (key: string, body: { wallet: string; signature: string }): Promise<NftCertificateView> =>
    (await apiRequest('/api/public/certificates/{key}/claim', 'post', { path: { key }, json: body, token: null })).body,
  /** POST /api/public/certificates/{key}/reveal: the claim's wallet's signature of the reveal message */
  revealNft: async (key: string, body: { signature: string }): Promise<NftCertificateView> =>
    (await apiRequest('/api/public/certificates/{key}/reveal', 'post', { path: { key }, json: body, token: null }))
      .body,
  /**
   * The proof JSON, the credential's bytes and the issuer's DID document, for a check made in the browser (never
   * from the browser's cache: a verifier reads what is served now).
   */
  ledgerProofDocuments: async (view: NftCertificateView, key: string): Promise<LedgerProofDocuments> => {
    const treeSize = Number(/^\/ledger\/\d+\/(\d+)\//.exec(view.proofUrl ?? '')?.[1]);
    const [proof, credential, didDocument] = await Promise.all([
      apiRequest('/ledger/{issuerId}/{treeSize}/proof.json', 'get', {
        path: { issuerId: view.issuerId, treeSize },
        query: { leaf: view.tokenId ?? 0 },
        token: null,
        cache: 'no-store',
      }).then((answer) => answer.body as unknown),
      apiRequestBlob('/ob/credentials/{key}', 'get', { path: { key }, token: null, cache: 'no-store' }).then(
        async (blob) => new Uint8Array(await blob.arrayBuffer()),
      ),
      apiRequest('/ob/issuers/{issuerId}/did.json', 'get', { path: { issuerId: view.issuerId }, token: null }).then(
        (answer) => answer.body as unknown,
      ),
    ]);
    return { proof, credential, didDocument };
  },
};
