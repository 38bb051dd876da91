import type { AnyGame, CatalogEntry } from '../../core/index.js';
import { vlakyNaTrati } from './definition.js';
import { vntData } from './reference.js';
import { vntSecrets } from './secrets.js';

/** Vlaky na trati on the reconstructed cards and sheets (see README.md). */
export const vlakyNaTratiGame = vlakyNaTrati(vntData);
export const entry: CatalogEntry = { game: vlakyNaTratiGame as AnyGame, secrets: vntSecrets() };
