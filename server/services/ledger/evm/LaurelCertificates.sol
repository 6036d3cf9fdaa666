// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// Laurel's NFT certificates on an EVM chain (issue 20), one contract per installation. A batch of certificates is
/// anchored by ONE transaction that records the Merkle root (RFC 6962, as the transparency log computes it) of
/// the issuer's log: gas does not grow with the batch, and a certificate proves its place with the same inclusion
/// proof as on the local ledger. The ERC-721 token of a certificate is minted when its recipient claims it (13)
/// and its metadata points to the public credential when it is revealed (14).
contract LaurelCertificates is ERC721URIStorage, Ownable {
    /// tree size => root, per issuer
    mapping(uint256 issuerId => mapping(uint256 treeSize => bytes32 root)) public roots;

    event Anchored(uint256 indexed issuerId, uint256 treeSize, bytes32 root);

    constructor(address owner) ERC721("Laurel certificates", "LAUREL") Ownable(owner) {}

    /// Records a batch's tree head; a size is anchored once.
    function anchor(uint256 issuerId, uint256 treeSize, bytes32 root) external onlyOwner {
        require(roots[issuerId][treeSize] == bytes32(0), "already anchored");
        roots[issuerId][treeSize] = root;
        emit Anchored(issuerId, treeSize, root);
    }

    /// Mints a claimed certificate's token to the wallet its recipient gave.
    function mintClaimed(address to, uint256 tokenId) external onlyOwner {
        _safeMint(to, tokenId);
    }

    /// Points a revealed token's metadata to its public credential.
    function reveal(uint256 tokenId, string calldata uri) external onlyOwner {
        _setTokenURI(tokenId, uri);
    }
}
