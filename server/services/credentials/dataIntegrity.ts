import type { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import type { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';

/**
 * The Data Integrity libraries (vc, data-integrity, eddsa-rdfc-2022 and, under them, jsonld and rdf-canonize:
 * about 25 MB of the server's memory once loaded), loaded when a credential is first signed, canonized or
 * verified. A server that only answers pages never loads them (issue 16 point 5); the signing threads load them
 * with their first batch.
 */
export interface DataIntegrityLibraries {
  vc: typeof import('@digitalbazaar/vc');
  DataIntegrityProof: typeof DataIntegrityProof;
  eddsaRdfc2022: typeof cryptosuite;
}

let loading: Promise<DataIntegrityLibraries> | null = null;

export function dataIntegrityLibraries(): Promise<DataIntegrityLibraries> {
  loading ??= Promise.all([
    import('@digitalbazaar/vc'),
    import('@digitalbazaar/data-integrity'),
    import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite'),
  ]).then(
    ([vc, dataIntegrity, eddsa]) => ({
      vc,
      DataIntegrityProof: dataIntegrity.DataIntegrityProof,
      eddsaRdfc2022: eddsa.cryptosuite,
    }),
    (error: unknown) => {
      // a failed load is tried again by the next caller
      loading = null;
      throw error;
    },
  );
  return loading;
}
