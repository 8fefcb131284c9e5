-- How each x402 payment moved the asset: 'eip3009' (transferWithAuthorization) or 'permit2' (a
-- Permit2 transfer through the x402 proxy). Rows written before this column say NULL (all EIP-3009).

ALTER TABLE payments ADD COLUMN transfer_method TEXT;
