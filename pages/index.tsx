export const description = 'A tiny, lightning-fast dataframe engine for JavaScript';
export default function Home() {
  return (
    <div className="hero">
      <h1>TinyFrameJS</h1>
      <p>A tiny, lightning-fast dataframe engine for JavaScript</p>
    </div>
  );
}
