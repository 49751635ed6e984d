/**
 * The healthy adult weight range shown for a dog: from the lightest typical weight of its breeds
 * to the heaviest, so a cross of two breeds shows the span of both. Null when no breed has a
 * typical weight (no breed given, or only "Mixed breed").
 */
export function recommendedWeightRange(
  breeds: readonly { minWeightKg: number | null; maxWeightKg: number | null }[],
): { recommendedMinWeight: number | null; recommendedMaxWeight: number | null } {
  const mins = breeds.map((b) => b.minWeightKg).filter((w): w is number => w !== null);
  const maxes = breeds.map((b) => b.maxWeightKg).filter((w): w is number => w !== null);
  return {
    recommendedMinWeight: mins.length ? Math.min(...mins) : null,
    recommendedMaxWeight: maxes.length ? Math.max(...maxes) : null,
  };
}
