// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {ERC721Utils} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Utils.sol";

/// @title CarbonCredit
/// @notice Each token is a lot of verified carbon credits (1 credit = 1 tonne CO2e) of one project and vintage.
/// @dev Custody model: the marketplace mints every lot to its own custody address and keeps the mapping
/// token -> user in its database, like an exchange's books. The custodian is therefore the ERC-721 holder, so
/// "only the holder or an approved operator retires or splits" holds without any privileged bypass; custodial
/// settlement to a user's own wallet is an ordinary `transferFrom` by the custodian. Retired lots are frozen:
/// they can be neither transferred, split nor retired again. Token ids start at 1, so 0 never names a token.
/// Gas (and so the embedded chain's CPU) per lot is kept low for batch anchoring: a project's provenance is stored
/// once per issuer, a lot is one packed storage slot, and a lot that records a marketplace holding stores that
/// holding's id instead of a metadata URI string.
contract CarbonCredit is ERC721URIStorage, AccessControl {
    using SafeCast for uint256;

    /// @notice Role allowed to issue new lots.
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice Metadata URI of a lot minted or split with a `recordId`: this prefix followed by the record id.
    string public constant RECORD_URI_PREFIX = "urn:carbonledger:holding:";

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

    /// @notice What a project's lots share: written once per project and issuer, named by every lot issued from it.
    struct CreditProvenance {
        string projectName;
        string projectId;
        string verificationBody;
        uint256 vintageYear;
        string mrvDataUrl;
        string gpsLocation;
    }

    struct Provenance {
        CreditProvenance fields;
        address originalIssuer;
    }

    /// One storage slot per lot (248 bits). A lot issued to its issuer (the marketplace's custodian) does not store
    /// its owner either (`custodial`): issuing or splitting it writes this one new slot.
    struct Lot {
        uint48 quantity;
        uint40 rootTokenId;
        uint24 provenanceId;
        uint40 issuanceDate;
        uint40 retiredAt;
        bool isRetired;
        bool custodial;
        uint40 recordId;
    }

    /// @notice One lot of a batch issuance (`mintCarbonCreditBatch`): `quantity` tonnes of `provenances[provenance]`.
    /// The lot's metadata URI is `RECORD_URI_PREFIX` + `recordId` when `recordId` > 0, else the batch's `tokenUris[i]`.
    /// Fixed-size, so a batch's calldata (signed, hashed and decoded once per lot) stays small.
    struct MintRequest {
        uint256 provenance;
        uint256 quantity;
        uint256 recordId;
    }

    /// @notice One split of a batch (`splitCreditBatch`): `quantity` tonnes of `tokenId` into a new lot whose metadata
    /// URI is `RECORD_URI_PREFIX` + `recordId` when `recordId` > 0, else the batch's `tokenUris[i]`.
    struct SplitRequest {
        uint256 tokenId;
        uint256 quantity;
        uint256 recordId;
    }

    uint256 private _nextTokenId = 1;
    Provenance[] private _provenances;
    mapping(bytes32 provenanceHash => uint256 provenanceIdPlusOne) private _provenanceIds;
    mapping(uint256 tokenId => Lot) private _lots;
    mapping(uint256 tokenId => string) private _retirementReasons;

    /// @notice A new lot was issued.
    event CreditMinted(uint256 indexed tokenId, address indexed to, string projectName, uint256 quantity);
    /// @notice A lot was permanently retired by its holder.
    event CreditRetired(uint256 indexed tokenId, address indexed owner, string reason);
    /// @notice `quantity` tonnes of `tokenId` were moved into the new lot `newTokenId`.
    event CreditSplit(uint256 indexed tokenId, uint256 indexed newTokenId, uint256 quantity);

    /// @notice A batch's arrays differ in length (`tokenCount` tokens or requests, `reasonCount` reasons or URIs).
    error CarbonCreditBatchMismatch(uint256 tokenCount, uint256 reasonCount);
    /// @notice A mint request names provenance `index` of a batch that has `count`.
    error CarbonCreditUnknownProvenance(uint256 index, uint256 count);
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
    /// @dev Requirements: caller has MINTER_ROLE; 0 < `quantity` < 2^48; `to` is not the zero address and, if a
    /// contract, accepts ERC-721 tokens. Emits `Transfer`, `MetadataUpdate` and
    /// `CreditMinted`.
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
        uint24 provenanceId = _provenanceIdOf(
            CreditProvenance(projectName, projectId, verificationBody, vintageYear, mrvDataUrl, gpsLocation)
        );
        tokenId = _issue(to, provenanceId, quantity, 0, tokenUri);
        emit CreditMinted(tokenId, to, projectName, quantity);
    }

    /// @notice Issues several lots to `to` in one transaction, each as one `mintCarbonCredit` call would.
    /// @dev Requirements: caller has MINTER_ROLE; every quantity in (0, 2^48), every `provenance` an index of
    /// `provenances`; `tokenUris` empty or one per request (else the whole batch reverts). Emits `Transfer` and
    /// `CreditMinted` per lot, in request order.
    /// @param to Receiver of every lot (the custody address in the marketplace).
    /// @param provenances The projects the lots are issued from (each stored once, whatever the number of lots).
    /// @param requests The lots to issue.
    /// @param tokenUris Metadata URIs of lots without a record id, by request index; empty when every lot has one.
    /// @return tokenIds Ids of the new lots, in request order.
    function mintCarbonCreditBatch(
        address to,
        CreditProvenance[] calldata provenances,
        MintRequest[] calldata requests,
        string[] calldata tokenUris
    ) external onlyRole(MINTER_ROLE) returns (uint256[] memory tokenIds) {
        _requireUriPerRequest(requests.length, tokenUris.length);
        uint24[] memory provenanceIds = new uint24[](provenances.length);
        for (uint256 i = 0; i < provenances.length; i++) provenanceIds[i] = _provenanceIdOf(provenances[i]);
        tokenIds = new uint256[](requests.length);
        for (uint256 i = 0; i < requests.length; i++) {
            MintRequest calldata request = requests[i];
            if (request.provenance >= provenances.length) revert CarbonCreditUnknownProvenance(request.provenance, provenances.length);
            uint256 tokenId = _issue(to, provenanceIds[request.provenance], request.quantity, request.recordId, _uriAt(tokenUris, i));
            tokenIds[i] = tokenId;
            emit CreditMinted(tokenId, to, provenances[request.provenance].projectName, request.quantity);
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

    /// @notice Moves `quantity` tonnes of a lot into a new lot owned by `to`, with the same provenance and metadata.
    /// @dev Requirements: the token exists; caller is its holder or approved for it; it is not retired;
    /// 0 < `quantity` < the lot's quantity. Emits `Transfer`, `CreditSplit` and `MetadataUpdate`.
    /// @param tokenId Lot to split.
    /// @param quantity Tonnes moved into the new lot.
    /// @param to Holder of the new lot.
    /// @return newTokenId Id of the new lot.
    function splitCredit(uint256 tokenId, uint256 quantity, address to) external returns (uint256 newTokenId) {
        uint40 recordId = _lots[tokenId].recordId;
        newTokenId = _split(tokenId, quantity, to, recordId, recordId == 0 ? tokenURI(tokenId) : "");
    }

    /// @notice Splits several lots in one transaction, as one `splitCredit` call per request, each new lot with its
    /// own metadata (so every lot can name the registry entry it records).
    /// @dev Requirements: as `splitCredit` for every request; `tokenUris` empty or one per request (else the whole
    /// batch reverts); requests apply in order, so several may split the same lot. Emits `Transfer`, `CreditSplit` and
    /// `MetadataUpdate` per request.
    /// @param to Holder of every new lot.
    /// @param requests The splits to make.
    /// @param tokenUris Metadata URIs of new lots without a record id, by request index; empty when every one has one.
    /// @return newTokenIds Ids of the new lots, in request order.
    function splitCreditBatch(address to, SplitRequest[] calldata requests, string[] calldata tokenUris)
        external
        returns (uint256[] memory newTokenIds)
    {
        _requireUriPerRequest(requests.length, tokenUris.length);
        newTokenIds = new uint256[](requests.length);
        for (uint256 i = 0; i < requests.length; i++) {
            SplitRequest calldata request = requests[i];
            newTokenIds[i] = _split(request.tokenId, request.quantity, to, request.recordId.toUint40(), _uriAt(tokenUris, i));
        }
    }

    /// @notice Returns the on-chain fields of a lot.
    /// @dev Requirements: the token exists (else `ERC721NonexistentToken`).
    /// @param tokenId Lot to read.
    /// @return details Provenance shared with its project plus this lot's quantity and retirement state.
    function getCreditDetails(uint256 tokenId) external view returns (CreditDetails memory details) {
        _requireOwned(tokenId);
        Lot memory lot = _lots[tokenId];
        Provenance storage origin = _provenances[lot.provenanceId];
        details.projectName = origin.fields.projectName;
        details.projectId = origin.fields.projectId;
        details.verificationBody = origin.fields.verificationBody;
        details.vintageYear = origin.fields.vintageYear;
        details.mrvDataUrl = origin.fields.mrvDataUrl;
        details.gpsLocation = origin.fields.gpsLocation;
        details.quantity = lot.quantity;
        details.isRetired = lot.isRetired;
        details.originalIssuer = origin.originalIssuer;
        details.issuanceDate = lot.issuanceDate;
        details.retirementReason = _retirementReasons[tokenId];
        details.retiredAt = lot.retiredAt;
        details.rootTokenId = lot.rootTokenId;
    }

    /// @notice Number of lots ever created (mints and splits); retired lots still count.
    /// @return Number of tokens in existence.
    function totalSupply() external view returns (uint256) {
        return _nextTokenId - 1;
    }

    /// @inheritdoc ERC721URIStorage
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        uint40 recordId = _lots[tokenId].recordId;
        if (recordId == 0) return super.tokenURI(tokenId);
        _requireOwned(tokenId);
        return string.concat(RECORD_URI_PREFIX, Strings.toString(recordId));
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

    /// A custodial lot's owner is its provenance's issuer until the lot is first transferred (then it is stored).
    /// Nothing burns lots, so a stored zero never means "burned" here.
    function _ownerOf(uint256 tokenId) internal view override returns (address owner) {
        owner = super._ownerOf(tokenId);
        if (owner == address(0)) {
            Lot storage lot = _lots[tokenId];
            if (lot.custodial) owner = _provenances[lot.provenanceId].originalIssuer;
        }
    }

    /// Blocks every transfer of a retired lot; mints (from == 0) are the only moves left unchecked.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        address from = _ownerOf(tokenId);
        if (from != address(0) && _lots[tokenId].isRetired) revert CarbonCreditRetiredTransfer(tokenId);
        return super._update(to, tokenId, auth);
    }

    // The issuer is part of the key, so `originalIssuer` stays the minter that issued the lot.
    function _provenanceIdOf(CreditProvenance memory fields) private returns (uint24 provenanceId) {
        bytes32 key = keccak256(abi.encode(fields, msg.sender));
        uint256 known = _provenanceIds[key];
        if (known != 0) return uint24(known - 1);
        _provenances.push(Provenance(fields, msg.sender));
        known = _provenances.length;
        _provenanceIds[key] = known;
        provenanceId = (known - 1).toUint24();
    }

    function _issue(address to, uint24 provenanceId, uint256 quantity, uint256 recordId, string memory tokenUri)
        private
        returns (uint256 tokenId)
    {
        tokenId = _nextTokenId++;
        if (quantity == 0) revert CarbonCreditInvalidQuantity(tokenId, quantity, 0);
        bool custodial = to == msg.sender;
        _lots[tokenId] = Lot({
            quantity: quantity.toUint48(),
            rootTokenId: tokenId.toUint40(),
            provenanceId: provenanceId,
            issuanceDate: block.timestamp.toUint40(),
            retiredAt: 0,
            isRetired: false,
            custodial: custodial,
            recordId: recordId.toUint40()
        });
        _create(to, tokenId, custodial);
        if (recordId == 0) _setTokenURI(tokenId, tokenUri);
    }

    // A custodial lot is minted as `_safeMint` would, minus the owner slot: `_ownerOf` answers the issuer.
    function _create(address to, uint256 tokenId, bool custodial) private {
        if (!custodial) return _safeMint(to, tokenId);
        _increaseBalance(to, 1);
        emit Transfer(address(0), to, tokenId);
        ERC721Utils.checkOnERC721Received(msg.sender, address(0), to, tokenId, "");
    }

    function _requireUriPerRequest(uint256 requestCount, uint256 uriCount) private pure {
        if (uriCount != 0 && uriCount != requestCount) revert CarbonCreditBatchMismatch(requestCount, uriCount);
    }

    function _uriAt(string[] calldata tokenUris, uint256 index) private pure returns (string memory) {
        return tokenUris.length == 0 ? "" : tokenUris[index];
    }

    function _retire(uint256 tokenId, string calldata reason) private {
        address holder = _requireHolderOrOperator(tokenId);
        Lot storage lot = _lots[tokenId];
        if (lot.isRetired) revert CarbonCreditAlreadyRetired(tokenId);
        lot.isRetired = true;
        lot.retiredAt = block.timestamp.toUint40();
        _retirementReasons[tokenId] = reason;
        emit CreditRetired(tokenId, holder, reason);
        emit MetadataUpdate(tokenId);
    }

    // A retired lot is a record of a registry retirement, not a tradable credit: it can never give tonnes away.
    function _split(uint256 tokenId, uint256 quantity, address to, uint40 recordId, string memory tokenUri)
        private
        returns (uint256 newTokenId)
    {
        _requireHolderOrOperator(tokenId);
        Lot storage lot = _lots[tokenId];
        if (lot.isRetired) revert CarbonCreditAlreadyRetired(tokenId);
        if (quantity == 0 || quantity >= lot.quantity) {
            revert CarbonCreditInvalidQuantity(tokenId, quantity, lot.quantity);
        }
        lot.quantity -= uint48(quantity);
        newTokenId = _nextTokenId++;
        bool custodial = to == _provenances[lot.provenanceId].originalIssuer;
        _lots[newTokenId] = Lot({
            quantity: uint48(quantity),
            rootTokenId: lot.rootTokenId,
            provenanceId: lot.provenanceId,
            issuanceDate: lot.issuanceDate,
            retiredAt: 0,
            isRetired: false,
            custodial: custodial,
            recordId: recordId
        });
        _create(to, newTokenId, custodial);
        if (recordId == 0) _setTokenURI(newTokenId, tokenUri);
        emit CreditSplit(tokenId, newTokenId, quantity);
        emit MetadataUpdate(tokenId);
    }

    function _requireHolderOrOperator(uint256 tokenId) private view returns (address holder) {
        holder = _requireOwned(tokenId);
        if (!_isAuthorized(holder, msg.sender, tokenId)) revert CarbonCreditNotHolder(tokenId, msg.sender);
    }
}
