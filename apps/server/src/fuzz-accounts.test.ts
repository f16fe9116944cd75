import { fuzzArea } from './testing/fuzz-suite.ts';

fuzzArea('accounts', { checkCoverage: true });
