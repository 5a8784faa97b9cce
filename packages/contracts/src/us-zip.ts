/**
 * US ZIP codes: the form (5 digits or ZIP+4) and whether a ZIP belongs to the state it is sent with. The
 * check is by the ZIP's first three digits, the USPS sectional centre prefix, which the Postal
 * Service assigns to one state each (a few prefixes serve two: 063 has New York's Fishers Island, 967 American
 * Samoa, 969 Guam and the Northern Mariana Islands). Prefixes no state uses (e.g. 000–004, 213, 269, 343, 345,
 * 348, 353, 419, 428, 429, 517–519, 529, 533, 536, 552, 568, 578, 579, 589, 621, 632, 642, 643, 659, 663, 682,
 * 694–699, 702, 709, 715, 732, 742, 817–819, 839, 848, 849, 854, 858, 861, 862, 866–869, 876, 886–888, 892, 896,
 * 899, 909, 929, 987) belong to no state here either, so they are refused everywhere; the USPS list of prefixes
 * is public (the "3-digit ZIP Code prefix" table) and this is it folded into ranges.
 *
 * The table is the only data; the API's address schemas (store/checkout.ts) and the shop form both call
 * {@link usZipProblem}, so the browser says exactly what the server would refuse.
 */

/** 12345 or 12345-6789. */
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** Inclusive ranges of three-digit prefixes per USPS state code. */
export const US_ZIP_PREFIXES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  AL: [
    [350, 352],
    [354, 369],
  ],
  AK: [[995, 999]],
  AZ: [
    [850, 853],
    [855, 857],
    [859, 860],
    [863, 865],
  ],
  AR: [[716, 729]],
  CA: [
    [900, 908],
    [910, 928],
    [930, 961],
  ],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  FL: [
    [320, 339],
    [341, 342],
    [344, 344],
    [346, 347],
    [349, 349],
  ],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [
    [600, 620],
    [622, 629],
  ],
  IN: [[460, 479]],
  IA: [
    [500, 516],
    [520, 528],
  ],
  KS: [
    [660, 662],
    [664, 679],
  ],
  KY: [
    [400, 418],
    [420, 427],
  ],
  LA: [
    [700, 701],
    [703, 708],
    [710, 714],
  ],
  ME: [[39, 49]],
  MD: [
    [206, 212],
    [214, 219],
  ],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [
    [550, 551],
    [553, 567],
  ],
  MS: [[386, 397]],
  MO: [
    [630, 631],
    [633, 641],
    [644, 658],
  ],
  MT: [[590, 599]],
  NE: [
    [680, 681],
    [683, 693],
  ],
  NV: [
    [889, 891],
    [893, 895],
    [897, 898],
  ],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [
    [870, 875],
    [877, 884],
  ],
  NY: [
    [5, 5],
    [63, 63],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [
    [730, 731],
    [734, 741],
    [743, 749],
  ],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [733, 733],
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [
    [50, 54],
    [56, 59],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [
    [980, 986],
    [988, 994],
  ],
  WV: [[247, 268]],
  WI: [
    [530, 532],
    [534, 535],
    [537, 549],
  ],
  WY: [[820, 831]],
  // Armed forces: Americas (340), Europe (090–098), Pacific (962–966).
  AA: [[340, 340]],
  AE: [[90, 98]],
  AP: [[962, 966]],
  // Territories addressed as states.
  AS: [[967, 967]],
  GU: [[969, 969]],
  MP: [[969, 969]],
  PR: [
    [6, 7],
    [9, 9],
  ],
  VI: [[8, 8]],
};

export type UsZipProblem = 'format' | 'state';

/**
 * What is wrong with a US ZIP for a state, or null. `state` is a USPS code; an unknown code (the caller checks
 * states) is only checked for the form. Leading and trailing spaces are ignored, as the shop trims them.
 */
export function usZipProblem(stateCode: string, zip: string): UsZipProblem | null {
  const text = zip.trim();
  if (!US_ZIP_PATTERN.test(text)) return 'format';
  const ranges = US_ZIP_PREFIXES[stateCode.trim().toUpperCase()];
  if (ranges === undefined) return null;
  const prefix = Number(text.slice(0, 3));
  return ranges.some(([from, to]) => prefix >= from && prefix <= to) ? null : 'state';
}
