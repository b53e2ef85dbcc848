import { lazy, Suspense } from 'react';
import { Col, Container, Row } from 'react-bootstrap';
import { OnlineNow } from '../../features/home/components/online-now';
import { useHomeOverview } from '../../features/home/use-home-overview';
import { useSessionStore } from '../../features/session/store';
import { Hero } from './hero';
import { HOME_SECTIONS } from './home-sections';
import { SignedOutCards } from './signed-out-cards';

// The first paint's budget is measured for a visitor (scripts/check-bundle-size.mjs); someone
// signed in has waited for init already, so their card may come as a chunk of its own.
const SignedInCard = lazy(() =>
  import('./signed-in-card').then((m) => ({ default: m.SignedInCard })),
);

export function HomePage() {
  const userData = useSessionStore((s) => s.userData);
  const overview = useHomeOverview();
  return (
    <>
      <section className="hero">
        <Container className="py-4 py-md-5">
          <Row className="align-items-center g-4 g-lg-5">
            <Col lg={6}>
              <Hero signedIn={Boolean(userData)}>
                <OnlineNow overview={overview} />
              </Hero>
            </Col>
            <Col lg={6}>
              {userData ? (
                <Suspense fallback={null}>
                  <SignedInCard userData={userData} />
                </Suspense>
              ) : (
                <SignedOutCards />
              )}
            </Col>
          </Row>
        </Container>
      </section>
      <Container className="home-sections">
        <Suspense fallback={null}>
          {HOME_SECTIONS.map((Section, index) => (
            <Section key={index} overview={overview} />
          ))}
        </Suspense>
      </Container>
    </>
  );
}
