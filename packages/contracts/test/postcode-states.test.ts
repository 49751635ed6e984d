import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { australianStates } from '../src/enums.js';
import { postcodeMatchesState, postcodeStateMessage } from '../src/fields.js';

describe('postcodeMatchesState', () => {
  it('knows the postcodes of the addresses issue 17 names', () => {
    expect(postcodeMatchesState('3121', 'VIC')).toBe(true); // Richmond VIC
    expect(postcodeMatchesState('3121', 'NSW')).toBe(false); // "Richmond NSW 3121"
    expect(postcodeMatchesState('2753', 'NSW')).toBe(true); // Richmond NSW
    expect(postcodeMatchesState('0872', 'NT')).toBe(true); // Yulara NT (a real place, not served)
    expect(postcodeMatchesState('2600', 'ACT')).toBe(true);
    expect(postcodeMatchesState('2600', 'NSW')).toBe(false);
    expect(postcodeMatchesState('7000', 'TAS')).toBe(true);
    expect(postcodeMatchesState('6000', 'WA')).toBe(true);
    expect(postcodeMatchesState('5000', 'SA')).toBe(true);
    expect(postcodeMatchesState('4000', 'QLD')).toBe(true);
  });

  it('refuses what is not four digits', () => {
    expect(postcodeMatchesState('312', 'VIC')).toBe(false);
    expect(postcodeMatchesState('31210', 'VIC')).toBe(false);
    expect(postcodeMatchesState('３１２１', 'VIC')).toBe(false);
  });

  it('words the refusal with the state’s name', () => {
    expect(postcodeStateMessage('3121', 'New South Wales')).toBe(
      '3121 is not a New South Wales postcode',
    );
  });

  test.prop([fc.integer({ min: 800, max: 9999 })])(
    'every mainland postcode from 0800 belongs to one state (two only for Jervis Bay)',
    (n) => {
      const postcode = String(n).padStart(4, '0');
      const states = australianStates.filter((state) => postcodeMatchesState(postcode, state));
      expect(states.length).toBe(postcode === '2540' ? 2 : 1);
    },
  );
});
