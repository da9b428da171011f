// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title CarbonCredit
/// @notice Each token is a lot of verified carbon credits (1 credit = 1 tonne CO2e) of one project and vintage.
/// @dev Custody model: the marketplace mints every lot to its own custody address and keeps the mapping
/// token -> user in its database, like an exchange's books. The custodian is therefore the ERC-721 holder, so
/// "only the holder or an approved operator retires or splits" holds without any privileged bypass; custodial
/// settlement to a user's own wallet is an ordinary `transferFrom` by the custodian. Retired lots are frozen:
/// they can be neither transferred, split nor retired again. Token ids start at 1, so 0 never names a token.
contract CarbonCredit is ERC721URIStorage, AccessControl {
    /// @notice Role allowed to issue new lots.
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice On-chain fields of one lot, as returned by `getCreditDetails`.
    struct CreditDetails {
        string projectName;
        string projectId;
        string verificationBody;
        uint256 vintageYear;
        string mrvDataUrl;
        string gpsLocation;
        uint256 quantity;
        bool isRetired;
        address originalIssuer;
        uint256 issuanceDate;
        string retirementReason;
        uint256 retiredAt;
        uint256 rootTokenId;
    }

    /// Provenance is written once per issuance and shared by every lot split from it, so a split stays cheap.
    struct Provenance {
        string projectName;
        string projectId;
        string verificationBody;
        uint256 vintageYear;
        string mrvDataUrl;
        string gpsLocation;
        address originalIssuer;
        uint256 issuanceDate;
    }

    struct Lot {
        uint256 rootTokenId;
        uint256 quantity;
        bool isRetired;
        uint256 retiredAt;
        string retirementReason;
    }

    /// @notice One lot of a batch issuance (`mintCarbonCreditBatch`); fields as in `mintCarbonCredit`.
    struct MintRequest {
        string projectName;
        string projectId;
        string verificationBody;
        uint256 vintageYear;
        string mrvDataUrl;
        string gpsLocation;
        uint256 quantity;
        string tokenUri;
    }

    /// @notice One split of a batch (`splitCreditBatch`): `quantity` tonnes of `tokenId` into a new lot with `tokenUri`.
    struct SplitRequest {
        uint256 tokenId;
        uint256 quantity;
        string tokenUri;
    }

    uint256 private _nextTokenId = 1;
    mapping(uint256 rootTokenId => Provenance) private _provenances;
    mapping(uint256 tokenId => Lot) private _lots;

    /// @notice A new lot was issued.
    event CreditMinted(uint256 indexed tokenId, address indexed to, string projectName, uint256 quantity);
    /// @notice A lot was permanently retired by its holder.
    event CreditRetired(uint256 indexed tokenId, address indexed owner, string reason);
    /// @notice `quantity` tonnes of `tokenId` were moved into the new lot `newTokenId`.
    event CreditSplit(uint256 indexed tokenId, uint256 indexed newTokenId, uint256 quantity);

    /// @notice A batch's arrays differ in length (`tokenCount` tokens, `reasonCount` reasons).
    error CarbonCreditBatchMismatch(uint256 tokenCount, uint256 reasonCount);
    /// @notice The lot is retired and can no longer change.
    error CarbonCreditAlreadyRetired(uint256 tokenId);
    /// @notice `caller` is neither the holder of `tokenId` nor approved for it.
    error CarbonCreditNotHolder(uint256 tokenId, address caller);
    /// @notice A retired lot cannot be transferred.
    error CarbonCreditRetiredTransfer(uint256 tokenId);
    /// @notice `quantity` is zero or not strictly below the `availableQuantity` the lot holds.
    error CarbonCreditInvalidQuantity(uint256 tokenId, uint256 quantity, uint256 availableQuantity);

    /// @notice Deploys the contract; `admin` receives the admin and minter roles.
    /// @param admin Account that administers roles and may mint.
    constructor(address admin) ERC721("Carbon Credit", "CARBON") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
    }

    /// @notice Issues a new lot of `quantity` tonnes to `to`.
    /// @dev Requirements: caller has MINTER_ROLE; `quantity` > 0. Emits `Transfer` and `CreditMinted`.
    /// @param to Receiver of the lot (the custody address in the marketplace).
    /// @param projectName Human-readable project name.
    /// @param projectId Registry or marketplace id of the project.
    /// @param verificationBody Standard that verified the credits (e.g. Verra VCS).
    /// @param vintageYear Year the reductions took place.
    /// @param mrvDataUrl Location of the monitoring, reporting and verification data.
    /// @param gpsLocation Project coordinates as text.
    /// @param quantity Tonnes of CO2e in the lot.
    /// @param tokenUri Metadata URI of the token.
    /// @return tokenId Id of the new lot.
    function mintCarbonCredit(
        address to,
        string memory projectName,
        string memory projectId,
        string memory verificationBody,
        uint256 vintageYear,
        string memory mrvDataUrl,
        string memory gpsLocation,
        uint256 quantity,
        string memory tokenUri
    ) external onlyRole(MINTER_ROLE) returns (uint256 tokenId) {
        tokenId = _issue(to, quantity, tokenUri);
        // Field by field through a storage pointer: a struct literal of nine arguments is too deep for the stack.
        Provenance storage origin = _provenances[tokenId];
        origin.projectName = projectName;
        origin.projectId = projectId;
        origin.verificationBody = verificationBody;
        origin.vintageYear = vintageYear;
        origin.mrvDataUrl = mrvDataUrl;
        origin.gpsLocation = gpsLocation;
        origin.originalIssuer = msg.sender;
        origin.issuanceDate = block.timestamp;
        emit CreditMinted(tokenId, to, projectName, quantity);
    }

    /// @notice Issues several lots to `to` in one transaction, exactly as one `mintCarbonCredit` call per request.
    /// @dev Requirements: caller has MINTER_ROLE; every quantity > 0 (else the whole batch reverts).
    /// Emits `Transfer` and `CreditMinted` per lot, in request order.
    /// @param to Receiver of every lot (the custody address in the marketplace).
    /// @param requests The lots to issue.
    /// @return tokenIds Ids of the new lots, in request order.
    function mintCarbonCreditBatch(address to, MintRequest[] calldata requests)
        external
        onlyRole(MINTER_ROLE)
        returns (uint256[] memory tokenIds)
    {
        tokenIds = new uint256[](requests.length);
        for (uint256 i = 0; i < requests.length; i++) {
            MintRequest calldata request = requests[i];
            uint256 tokenId = _issue(to, request.quantity, request.tokenUri);
            Provenance storage origin = _provenances[tokenId];
            origin.projectName = request.projectName;
            origin.projectId = request.projectId;
            origin.verificationBody = request.verificationBody;
            origin.vintageYear = request.vintageYear;
            origin.mrvDataUrl = request.mrvDataUrl;
            origin.gpsLocation = request.gpsLocation;
            origin.originalIssuer = msg.sender;
            origin.issuanceDate = block.timestamp;
            tokenIds[i] = tokenId;
            emit CreditMinted(tokenId, to, request.projectName, request.quantity);
        }
    }

    /// @notice Permanently retires a lot; it can never be transferred, split or retired again.
    /// @dev Requirements: the token exists; caller is its holder or approved for it; it is not retired.
    /// Emits `CreditRetired` and `MetadataUpdate`.
    /// @param tokenId Lot to retire.
    /// @param reason Why the credits are retired (shown on the certificate).
    function retireCredit(uint256 tokenId, string calldata reason) external {
        _retire(tokenId, reason);
    }

    /// @notice Retires several lots in one transaction, exactly as one `retireCredit` call per lot.
    /// @dev Requirements: as `retireCredit` for every lot (else the whole batch reverts); as many reasons as lots.
    /// Emits `CreditRetired` and `MetadataUpdate` per lot, in order.
    /// @param tokenIds Lots to retire.
    /// @param reasons Why each lot is retired, in the same order.
    function retireCreditBatch(uint256[] calldata tokenIds, string[] calldata reasons) external {
        if (tokenIds.length != reasons.length) revert CarbonCreditBatchMismatch(tokenIds.length, reasons.length);
        for (uint256 i = 0; i < tokenIds.length; i++) {
            _retire(tokenIds[i], reasons[i]);
        }
    }

    /// @notice Moves `quantity` tonnes of a lot into a new lot owned by `to`, with the same provenance.
    /// @dev Requirements: the token exists; caller is its holder or approved for it; it is not retired;
    /// 0 < `quantity` < the lot's quantity. Emits `Transfer`, `CreditSplit` and `MetadataUpdate`.
    /// @param tokenId Lot to split.
    /// @param quantity Tonnes moved into the new lot.
    /// @param to Holder of the new lot.
    /// @return newTokenId Id of the new lot.
    function splitCredit(uint256 tokenId, uint256 quantity, address to) external returns (uint256 newTokenId) {
        newTokenId = _split(tokenId, quantity, to, tokenURI(tokenId));
    }

    /// @notice Splits several lots in one transaction, as one `splitCredit` call per request, each new lot with its
    /// own metadata URI (so every lot can name the registry entry it records).
    /// @dev Requirements: as `splitCredit` for every request (else the whole batch reverts); requests apply in order,
    /// so several may split the same lot. Emits `Transfer`, `CreditSplit` and `MetadataUpdate` per request.
    /// @param to Holder of every new lot.
    /// @param requests The splits to make.
    /// @return newTokenIds Ids of the new lots, in request order.
    function splitCreditBatch(address to, SplitRequest[] calldata requests) external returns (uint256[] memory newTokenIds) {
        newTokenIds = new uint256[](requests.length);
        for (uint256 i = 0; i < requests.length; i++) {
            newTokenIds[i] = _split(requests[i].tokenId, requests[i].quantity, to, requests[i].tokenUri);
        }
    }

    /// @notice Returns the on-chain fields of a lot.
    /// @dev Requirements: the token exists (else `ERC721NonexistentToken`).
    /// @param tokenId Lot to read.
    /// @return details Provenance shared with its root lot plus this lot's quantity and retirement state.
    function getCreditDetails(uint256 tokenId) external view returns (CreditDetails memory details) {
        _requireOwned(tokenId);
        Lot storage lot = _lots[tokenId];
        Provenance storage origin = _provenances[lot.rootTokenId];
        details.projectName = origin.projectName;
        details.projectId = origin.projectId;
        details.verificationBody = origin.verificationBody;
        details.vintageYear = origin.vintageYear;
        details.mrvDataUrl = origin.mrvDataUrl;
        details.gpsLocation = origin.gpsLocation;
        details.quantity = lot.quantity;
        details.isRetired = lot.isRetired;
        details.originalIssuer = origin.originalIssuer;
        details.issuanceDate = origin.issuanceDate;
        details.retirementReason = lot.retirementReason;
        details.retiredAt = lot.retiredAt;
        details.rootTokenId = lot.rootTokenId;
    }

    /// @notice Number of lots ever created (mints and splits); retired lots still count.
    /// @return Number of tokens in existence.
    function totalSupply() external view returns (uint256) {
        return _nextTokenId - 1;
    }

    /// @inheritdoc ERC721URIStorage
    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC721URIStorage, AccessControl)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }

    /// Blocks every transfer of a retired lot; mints (from == 0) are the only moves left unchecked.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        address from = _ownerOf(tokenId);
        if (from != address(0) && _lots[tokenId].isRetired) revert CarbonCreditRetiredTransfer(tokenId);
        return super._update(to, tokenId, auth);
    }

    function _issue(address to, uint256 quantity, string memory tokenUri) private returns (uint256 tokenId) {
        tokenId = _nextTokenId++;
        if (quantity == 0) revert CarbonCreditInvalidQuantity(tokenId, quantity, 0);
        _lots[tokenId].rootTokenId = tokenId;
        _lots[tokenId].quantity = quantity;
        _safeMint(to, tokenId);
        _setTokenURI(tokenId, tokenUri);
    }

    function _retire(uint256 tokenId, string calldata reason) private {
        address holder = _requireHolderOrOperator(tokenId);
        Lot storage lot = _lots[tokenId];
        if (lot.isRetired) revert CarbonCreditAlreadyRetired(tokenId);
        lot.isRetired = true;
        lot.retiredAt = block.timestamp;
        lot.retirementReason = reason;
        emit CreditRetired(tokenId, holder, reason);
        emit MetadataUpdate(tokenId);
    }

    // A retired lot is a record of a registry retirement, not a tradable credit: it can never give tonnes away.
    function _split(uint256 tokenId, uint256 quantity, address to, string memory tokenUri) private returns (uint256 newTokenId) {
        _requireHolderOrOperator(tokenId);
        Lot storage lot = _lots[tokenId];
        if (lot.isRetired) revert CarbonCreditAlreadyRetired(tokenId);
        if (quantity == 0 || quantity >= lot.quantity) {
            revert CarbonCreditInvalidQuantity(tokenId, quantity, lot.quantity);
        }
        lot.quantity -= quantity;
        newTokenId = _nextTokenId++;
        _lots[newTokenId].rootTokenId = lot.rootTokenId;
        _lots[newTokenId].quantity = quantity;
        _safeMint(to, newTokenId);
        _setTokenURI(newTokenId, tokenUri);
        emit CreditSplit(tokenId, newTokenId, quantity);
        emit MetadataUpdate(tokenId);
    }

    function _requireHolderOrOperator(uint256 tokenId) private view returns (address holder) {
        holder = _requireOwned(tokenId);
        if (!_isAuthorized(holder, msg.sender, tokenId)) revert CarbonCreditNotHolder(tokenId, msg.sender);
    }
}
