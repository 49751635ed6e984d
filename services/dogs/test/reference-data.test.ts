import { describe, expect, it } from 'vitest';
import { breeds } from '../src/reference/breeds.js';
import { foodAllergens, foodTypes, healthIssues } from '../src/reference/reference-items.js';
import { referenceId } from '../src/reference/reference-id.js';
import { meals } from '@pawfresh/contracts/enums';

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('reference data', () => {
  it('has unique kebab-case slugs, unique names and name-based ids in every list', () => {
    for (const list of [breeds, healthIssues, foodTypes, foodAllergens]) {
      expect(new Set(list.map((i) => i.slug)).size).toBe(list.length);
      expect(new Set(list.map((i) => i.name.toLowerCase())).size).toBe(list.length);
      expect(new Set(list.map((i) => i.identifier)).size).toBe(list.length);
      for (const item of list) {
        expect(item.slug).toMatch(kebab);
        expect(item.identifier).toMatch(uuid);
      }
    }
  });

  it('keeps ids stable: they follow from the slug alone', () => {
    expect(referenceId('breed', 'cavoodle')).toBe(referenceId('breed', 'cavoodle'));
    expect(referenceId('breed', 'fish')).not.toBe(referenceId('food-allergen', 'fish'));
    // Pinned: a change here would orphan every id other services hold.
    expect(breeds.find((b) => b.slug === 'cavoodle')?.identifier).toBe(
      'ba40e818-579a-5210-89f7-133039db382b',
    );
  });

  it('lists at least 150 breeds, with the ones Australians keep most', () => {
    expect(breeds.length).toBeGreaterThanOrEqual(150);
    const slugs = breeds.map((b) => b.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'cavoodle',
        'groodle',
        'labradoodle',
        'spoodle',
        'moodle',
        'australian-kelpie',
        'australian-cattle-dog',
        'koolie',
        'staffordshire-bull-terrier',
        'border-collie',
        'labrador-retriever',
        'golden-retriever',
        'french-bulldog',
        'mixed-breed',
      ]),
    );
  });

  it('gives every breed but "Mixed breed" a plausible adult weight range', () => {
    for (const b of breeds) {
      if (b.slug === 'mixed-breed') {
        expect([b.minWeightKg, b.maxWeightKg]).toEqual([null, null]);
        continue;
      }
      expect(b.minWeightKg, b.name).toBeGreaterThanOrEqual(1);
      expect(b.maxWeightKg!, b.name).toBeGreaterThanOrEqual(b.minWeightKg!);
      expect(b.maxWeightKg!, b.name).toBeLessThanOrEqual(100);
    }
  });

  it('has the health issues and allergens the product catalogue matches meals against', () => {
    expect(healthIssues.map((i) => i.slug)).toEqual(
      expect.arrayContaining([
        'pancreatitis',
        'kidney-disease',
        'weight-management',
        'diabetes',
        'sensitive-stomach',
        'skin-and-coat',
        'joint-issues',
        'food-allergies',
        'anaemia',
        'underweight',
        'liver-disease',
        'heart-disease',
        'dental-disease',
        'arthritis',
        'itchy-skin',
      ]),
    );
    expect(foodAllergens.map((i) => i.slug)).toEqual(
      expect.arrayContaining([
        ...meals,
        'egg',
        'dairy',
        'pork',
        'shellfish',
        'wheat',
        'soy',
        'corn',
      ]),
    );
    expect(foodTypes.map((i) => i.slug)).toEqual(
      expect.arrayContaining([
        'dry-food',
        'wet-food',
        'fresh-food',
        'raw-food',
        'home-cooked',
        'other',
      ]),
    );
  });
});
