/**
 * How an option card looks: its picture (a drawn SVG under public/art/options/, one per option family) and a
 * short description, found from the item's binding style or stable code, never from its price or id, so an
 * admin renaming or repricing an item keeps its picture. Items of a family the shop does not know yet get the
 * kind's generic picture and no description rather than a wrong one.
 */
import type { OptionKind } from '@bindery/pricing/products';
import type { OptionItem } from './option-lists';

export interface OptionLook {
  /** URL of the picture (served from the SPA's public folder). */
  art: string;
  description: string;
}

/** The kinds shown as image cards on the design page (docs/spec/customer-journey.md §2); the others stay selects. */
export const CARD_KINDS: readonly OptionKind[] = ['binding', 'interior_color', 'paper_type', 'cover_finish'];

const art = (file: string) => `/art/options/${file}.svg`;

const BINDINGS: Record<string, OptionLook> = {
  perfect_bound: { art: art('binding-perfect-bound'), description: 'Paperback with a square, glued spine.' },
  coil_bound: {
    art: art('binding-coil-bound'),
    description: 'Plastic coil: lies flat, folds back on itself.',
  },
  saddle_stitch: { art: art('binding-saddle-stitch'), description: 'Folded and stapled, for slim books.' },
  case_wrap: {
    art: art('binding-case-wrap'),
    description: 'Hardcover with the cover printed on the boards.',
  },
  linen_wrap: {
    art: art('binding-linen-wrap'),
    description: 'Cloth-bound hardcover with a printed dust jacket.',
  },
  wire_o: { art: art('binding-wire-o'), description: 'Twin-loop wire: hangs on a wall, flips flat.' },
};

function interiorLook(code: string): OptionLook {
  const premium = code.includes('premium');
  if (code.includes('color'))
    return premium
      ? { art: art('interior-premium-color'), description: 'Vivid, photo-quality color on every page.' }
      : { art: art('interior-standard-color'), description: 'Color for charts, diagrams and illustrations.' };
  return premium
    ? { art: art('interior-premium-bw'), description: 'Deep blacks and smooth greys for photos.' }
    : { art: art('interior-standard-bw'), description: 'Crisp black text and simple line art.' };
}

function paperLook(code: string): OptionLook {
  if (code.includes('cream'))
    return {
      art: art('paper-cream-uncoated'),
      description: 'Warm cream stock, easy on the eye for long reads.',
    };
  if (code.includes('coated') && !code.includes('uncoated'))
    return code.startsWith('100')
      ? { art: art('paper-white-coated'), description: 'Thick, smooth coated stock that stays flat.' }
      : { art: art('paper-white-coated'), description: 'Smooth coated stock for color and photos.' };
  return code.startsWith('70')
    ? { art: art('paper-white-uncoated'), description: 'Heavier bright white with less show-through.' }
    : { art: art('paper-white-uncoated'), description: 'Bright white, the classic book paper.' };
}

function finishLook(code: string): OptionLook {
  return code.includes('matte')
    ? { art: art('finish-matte'), description: 'Soft and modern, with no glare.' }
    : { art: art('finish-gloss'), description: 'Shiny, vivid colors; wipes clean.' };
}

export function optionLook(kind: OptionKind, item: OptionItem): OptionLook {
  const code = item.code.toLowerCase();
  switch (kind) {
    case 'binding': {
      const style = item.binding_style ?? code.split('@')[0] ?? '';
      return BINDINGS[style] ?? { art: art('binding-case-wrap'), description: '' };
    }
    case 'interior_color':
      return interiorLook(code);
    case 'paper_type':
      return paperLook(code);
    case 'cover_finish':
      return finishLook(code);
    default:
      return { art: art('binding-perfect-bound'), description: '' };
  }
}
