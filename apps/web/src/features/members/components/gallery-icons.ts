// Icons of the photo gallery and its lightbox, from the interface's icon set.
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { makeIcon } from '../../../components/icons.tsx';

export const PreviousIcon = makeIcon(ChevronLeft);
export const NextIcon = makeIcon(ChevronRight);
export const ExpandIcon = makeIcon(Expand);
