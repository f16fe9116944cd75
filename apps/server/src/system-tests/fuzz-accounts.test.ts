import { fuzzArea } from './fuzz-suite.ts';

fuzzArea('accounts', { checkCoverage: true });
