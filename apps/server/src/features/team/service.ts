// The coaching team: coaches' loads and seats, and who coaches whom (coaches.ts); invitations
// (invitations.ts); the owner's changes (changes.ts); the team page's figures (team-list.ts);
// coaches' profiles as members see them (profiles.ts).

export { changeMemberCoach, removeFromTeam, updateTeamMember } from './changes.ts';
export { assignCoach, type CoachLoad, chooseCoach, freeSeatsOf, listCoachLoads } from './coaches.ts';
export {
  acceptInvitation,
  createInvitation,
  listOpenInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.ts';
export {
  coachCards,
  getCoachProfile,
  memberCoachCard,
  replaceCoachPhoto,
  updateCoachProfile,
} from './profiles.ts';
export { countOverdueByCoach, listTeam } from './team-list.ts';
