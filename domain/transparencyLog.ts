/** A transparency log's tree head as its signature covers it (docs/nft.md). */
export interface TreeHead {
  issuerId: number;
  treeSize: number;
  rootHash: string;
  previousHeadHash: string | null;
  timestamp: string;
}

/**
 * The exact text a tree head's signature covers, made by the server when it signs a head and by the verify page
 * when it checks one; its SHA-256 is the head hash the next head chains to.
 */
export function headStatement(head: TreeHead): string {
  return [
    'laurel-transparency-log/v1',
    `issuer ${head.issuerId}`,
    `size ${head.treeSize}`,
    `root ${head.rootHash}`,
    `previous ${head.previousHeadHash ?? '-'}`,
    `time ${head.timestamp}`,
    '',
  ].join('\n');
}
