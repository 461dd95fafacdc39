export default function Page() {
  return <p>floor</p>;
}
