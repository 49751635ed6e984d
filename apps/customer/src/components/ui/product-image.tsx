import classes from './product-image.module.css';

type ProductImageProps = {
  src: string | null;
  /** Empty for a picture beside the product's written name. */
  alt?: string;
  size?: number;
};

/** A meal or extra picture from the catalogue (SVG), sized up front so nothing jumps as it loads. */
export function ProductImage({ src, alt = '', size = 64 }: ProductImageProps) {
  if (!src) {
    return (
      <span
        className={classes.placeholder}
        style={{ width: size, height: size }}
        aria-hidden="true"
      />
    );
  }
  return (
    <img
      className={classes.image}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
