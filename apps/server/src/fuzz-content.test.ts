import { fuzzArea } from './testing/fuzz-suite.ts';

fuzzArea('content');
