import { orNotFound, pathText, upstream, type InputProblem } from '@pawfresh/kit';
import type { Collaborators } from './collaborators.js';

/** Checks that every dog is the household's own, through the dogs service. */
export async function householdDogProblems(
  services: Pick<Collaborators, 'dogs'>,
  userId: string,
  dogs: readonly { path: (string | number)[]; animalId: string }[],
): Promise<InputProblem[]> {
  const found = await Promise.all(
    dogs.map(({ animalId }) =>
      orNotFound(
        upstream('Checking the dogs', () =>
          services.dogs.getDog({ params: { dogId: animalId }, query: { userId } }),
        ),
      ),
    ),
  );
  return dogs.flatMap(({ path }, i) =>
    found[i]
      ? []
      : [
          {
            path: [...path, 'animalId'],
            code: 'not_household_dog',
            message: `${pathText([...path, 'animalId'])} is not one of this household's dogs`,
          },
        ],
  );
}
