// /members: the member search and the home after login (SPEC sections 2-4): filters in a side panel (a sheet on phones),
// portrait cards with a like button, pages appended as the member scrolls, the total, similar members, the visitors'
// signup prompt, an empty state that says what to change.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Badge, Button, Col, Container, Offcanvas, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SlidersHorizontal } from 'lucide-react';
import { PageTitle } from '../../../components/page-title.tsx';
import { makeIcon } from '../../../components/icons.tsx';
import { cycleTab } from '../../../lib/tab-cycle.ts';
import { useRegions } from '../../../lib/settings/get-regions.ts';
import { useMemberSearch } from '../hooks/use-member-search.ts';
import { useScrollMemory } from '../hooks/use-scroll-memory.ts';
import type { SearchFilterValues } from '../lib/search-filters.ts';
import { SearchFilters } from './search-filters.tsx';
import { SearchResults } from './search-results.tsx';
import { useUser } from '../../../lib/session/get-user.ts';
import '../search.css';

const FiltersIcon = makeIcon(SlidersHorizontal);

/** The filters: a side panel from 992 px, a bottom sheet on phones (focus kept inside while it is open). */
function FilterSheet({
  id,
  isOpen,
  onClose,
  children,
}: {
  id: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('members');
  return (
    <Offcanvas
      id={id}
      responsive="lg"
      placement="bottom"
      show={isOpen}
      onHide={onClose}
      aria-labelledby={`${id}-title`}
      className="search-sheet"
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => isOpen && cycleTab(event, event.currentTarget)}
    >
      <Offcanvas.Header closeButton closeLabel={t('common.close')}>
        <Offcanvas.Title id={`${id}-title`} as="h2" className="h5 mb-0">
          {t('discovery.filtersTitle')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="search-panel">{children}</Offcanvas.Body>
    </Offcanvas>
  );
}

/** Holds the filters' place until their final rows are known, so they never grow in place. */
function FiltersSkeleton() {
  return (
    <div className="search-filters-skeleton placeholder-glow" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <div key={row} className="mb-3">
          <span className="placeholder placeholder-sm col-4 d-block mb-2" />
          <span className="placeholder col-12 d-block rounded-2" style={{ height: '2.375rem' }} />
        </div>
      ))}
      <span className="placeholder col-12 d-block rounded-2" style={{ height: '2.375rem' }} />
    </div>
  );
}

export function SearchPage() {
  const { t } = useTranslation('members');
  const search = useMemberSearch();
  const isMember = useUser().data != null;
  const { filters, isReady, isLoading, isFirstLoad, numResults } = search;
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const sheetId = useId();
  // The filters show once their final rows are known (the region row needs the regions), never growing in place:
  // until then a skeleton holds their place. Fetched once is enough: a failed regions load that the form's own
  // useRegions retries must not hide the form again.
  const regions = useRegions();
  const areFiltersReady = isReady && regions.isFetched;
  const countText =
    numResults === null
      ? null
      : search.isNumResultsCapped
        ? t('search.resultsCappedPlus', { count: numResults })
        : t('search.results', { count: numResults });
  const activeFilters = Object.values(filters).filter(Boolean).length;
  // Back from a profile: the cached pages render at once, then the position comes back.
  useScrollMemory('members-search', areFiltersReady && !isFirstLoad);

  const onSearch = (next: SearchFilterValues) => {
    setIsSheetOpen(false);
    void search.search(next);
  };
  const onClear = () => {
    setIsSheetOpen(false);
    void search.clear();
  };

  return (
    <Container className="search-page py-3 py-lg-4">
      <PageTitle title={t('search.title')} />
      <div className="d-flex align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{t('search.title')}</h1>
        <Button
          variant="outline-secondary"
          className="search-filters-toggle d-lg-none d-inline-flex align-items-center gap-2 rounded-pill"
          onClick={() => setIsSheetOpen(true)}
          aria-controls={sheetId}
          aria-expanded={isSheetOpen}
        >
          <FiltersIcon />
          {t('discovery.filtersButton')}
          {activeFilters > 0 && (
            <Badge bg="primary" pill>
              <span aria-hidden="true">{activeFilters}</span>
              <span className="visually-hidden">{t('discovery.activeFilters', { count: activeFilters })}</span>
            </Badge>
          )}
        </Button>
      </div>

      <Row className="g-4">
        <Col lg={4} xl={3}>
          <FilterSheet id={sheetId} isOpen={isSheetOpen} onClose={() => setIsSheetOpen(false)}>
            {areFiltersReady ? (
              <SearchFilters
                key={JSON.stringify(filters)}
                isMember={isMember}
                filters={filters}
                isSearching={isLoading}
                onSearch={onSearch}
                onClear={onClear}
              />
            ) : (
              <FiltersSkeleton />
            )}
          </FilterSheet>
        </Col>

        <Col lg={8} xl={9}>
          <SearchResults search={search} areFiltersReady={areFiltersReady} countText={countText} onClear={onClear} />
        </Col>
      </Row>
    </Container>
  );
}
