/** The site footer. */
export function SiteFooter() {
  return (
    <footer className="b-footer">
      <div className="b-container">
        <p>© {new Date().getFullYear()} Bindery. Print on demand.</p>
      </div>
    </footer>
  );
}
