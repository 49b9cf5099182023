// The lander layout's header: the logo alone, so landing pages keep the visitor's attention.
import { Container, Navbar } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Logo } from '../../../components/logo.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';

export function LogoBar() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <header className="site-header">
      <Navbar bg="white" className="border-bottom py-2" aria-label={t('nav.label')}>
        <Container className="justify-content-center">
          <Navbar.Brand
            as={Link}
            to={paths.index.getHref()}
            aria-label={t('nav.home', { name: settings.name })}
            className="m-0"
          >
            <Logo name={settings.name} />
          </Navbar.Brand>
        </Container>
      </Navbar>
    </header>
  );
}
