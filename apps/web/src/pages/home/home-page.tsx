import { Suspense } from 'react';
import { Col, Container, Row } from 'react-bootstrap';
import { OnlineNow } from '../../features/home/components/online-now';
import { useHomeOverview } from '../../features/home/use-home-overview';
import { useSessionStore } from '../../features/session/store';
import { Hero } from './hero';
import { HOME_SECTIONS } from './home-sections';
import { SignedInCard } from './signed-in-card';
import { SignedOutCards } from './signed-out-cards';

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
            <Col lg={6}>{userData ? <SignedInCard userData={userData} /> : <SignedOutCards />}</Col>
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
