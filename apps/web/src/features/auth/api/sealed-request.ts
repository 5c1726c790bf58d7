// Moved to lib/ so every feature making "E" calls (accounts, wallet) shares one server key.
export { type SealedOptions, sealedRequest } from '../../../lib/sealed-request.ts';
