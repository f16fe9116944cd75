// The coaching team: coaches' loads and seats, and who coaches whom (coaches.ts).
export { assignCoach, type CoachLoad, chooseCoach, freeSeatsOf, listCoachLoads } from './coaches.ts';
