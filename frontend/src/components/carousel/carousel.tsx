import { useEffect, useId, useState, type ReactNode } from 'react';
import { slideIndex } from './slide-index.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';
import './carousel.css';

export interface Slide {
  key: string;
  /** Names the slide for assistive technology and the slide picker. */
  label: string;
  content: ReactNode;
}

interface CarouselProps {
  label: string;
  slides: Slide[];
  intervalMs: number;
}

/** The previous and next buttons: one slide back or on, round the ends. */
const STEPS = [
  { label: 'Previous slide', by: -1, glyph: '‹' },
  { label: 'Next slide', by: 1, glyph: '›' },
] as const;

/**
 * The WAI-ARIA auto-rotating carousel: a Stop/Start button first, previous/next and a slide picker;
 * rotation pauses while the pointer or keyboard focus is inside, and never starts on its own for people
 * who asked for reduced motion. Slides are announced only when rotation is off.
 */
export function Carousel({ label, slides, intervalMs }: CarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  const [stoppedByUser, setStoppedByUser] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();

  const rotationOn = stoppedByUser === null ? !reducedMotion : !stoppedByUser;
  const rotating = rotationOn && !hovered && !focused && slides.length > 1;
  const shown = Math.min(current, Math.max(slides.length - 1, 0));

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setCurrent((index) => slideIndex(index, 1, slides.length)), intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, intervalMs, slides.length]);

  if (slides.length === 0) return null;

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-reduced-motion={reducedMotion}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__controls">
        {slides.length > 1 && (
          <>
            <button type="button" className="carousel__control" onClick={() => setStoppedByUser(rotationOn)}>
              {rotationOn ? 'Stop automatic slide show' : 'Start automatic slide show'}
            </button>
            {STEPS.map(({ label, by, glyph }) => (
              <button
                key={label}
                type="button"
                className="carousel__control carousel__control--icon"
                aria-controls={slidesId}
                aria-label={label}
                onClick={() => setCurrent(slideIndex(shown, by, slides.length))}
              >
                {glyph}
              </button>
            ))}
          </>
        )}
      </div>
      <div id={slidesId} className="carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.key}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}: ${slide.label}`}
            hidden={index !== shown}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="carousel__picker" role="group" aria-label="Choose a slide">
          {slides.map((slide, index) => (
            <button
              key={slide.key}
              type="button"
              className="carousel__dot"
              aria-label={`Slide ${index + 1}: ${slide.label}`}
              aria-current={index === shown ? 'true' : undefined}
              aria-controls={slidesId}
              onClick={() => setCurrent(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
