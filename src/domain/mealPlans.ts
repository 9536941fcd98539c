/**
 * The meal plans a room may be sold with (issue 40), as Indian hotels name them. In hotel mode
 * each is a package of the room type, priced by the owner and turned on per type; the booking's
 * packageIndex is the plan's place here, so the catalogue's one package, "Room With Breakfast"
 * (index 0), is the CP plan and every booking made before plans existed keeps its meaning.
 * The browser-only site sells the catalogue's package alone (src/domain/rooms.ts).
 */
export const mealPlans = [
  { code: 'CP', name: 'Room With Breakfast', meals: 'breakfast' },
  { code: 'EP', name: 'Room Only', meals: 'no meals' },
  { code: 'MAP', name: 'Half Board', meals: 'breakfast and dinner' },
  { code: 'AP', name: 'Full Board', meals: 'breakfast, lunch and dinner' },
] as const;

export type MealPlan = (typeof mealPlans)[number];
export type MealPlanCode = MealPlan['code'];

export function mealPlanAt(packageIndex: number | null | undefined): MealPlan | undefined {
  return packageIndex == null ? undefined : mealPlans[packageIndex];
}

/** "Half Board (MAP)". */
export const mealPlanLabel = (plan: MealPlan): string => `${plan.name} (${plan.code})`;
