// The expansions whose hooks the rules call, in this order (a list apart from the Capability
// interface, so an expansion's module and the interface it implements import no circle).
import type { Capability } from './capability';
import { expansion1 } from './expansion1';

export const CAPABILITIES: readonly Capability[] = [expansion1];
