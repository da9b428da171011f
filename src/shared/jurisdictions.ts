import { iso31661 } from 'iso-3166/1.js';
import { iso31662 } from 'iso-3166/2.js';

// The shipped ISO 3166 lists (npm `iso-3166`, kept in step with the ISO maintenance agency's changes). Only codes in
// state "assigned" count: reserved and withdrawn ones name no jurisdiction a claim can be made in.
const COUNTRY_CODES = new Set(iso31661.filter((entry) => entry.state === 'assigned').map((entry) => entry.alpha2));
const SUBDIVISION_CODES = new Set(iso31662.map((entry) => entry.code));

export const isCountryCode = (code: string) => COUNTRY_CODES.has(code);

/** A listed ISO 3166-2 code whose country part is `country` (e.g. `DE-BY` of `DE`). */
export const isSubdivisionOf = (code: string, country: string) => SUBDIVISION_CODES.has(code) && code.split('-')[0] === country;
