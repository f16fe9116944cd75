import { AdminExerciseLibrary } from '../exercises/admin-exercise-library';
import { AdminProgramDays } from '../program/admin/program-days';

/** /admin/exercises: the exercise library (exercises edits it) and the 28 days (program's) that use it. */
export default function AdminExercisesPage() {
  return <AdminExerciseLibrary programDays={(exercises) => <AdminProgramDays exercises={exercises} />} />;
}
