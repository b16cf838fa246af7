// The file both browser tests paste (playground.test.mjs against `robotspec serve`,
// static.test.mjs against the static build): a missing colon, an Allow the 1994 convention does
// not know, a wildcard the 1996 draft reads as a byte, a dead rule; and the crawler they ask
// for, as a whole User-Agent header.

export const FILE = `# Pasted by the browser test.
User-agent: *
Disallow: /org/
Allow: /org/plans.html
Disallow /tmp
Crawl-delay: 10

User-agent: FooBot
Allow: /fish*
Disallow: /
Content-Usage: train-ai=n
Sitemap: https://example.com/sitemap.xml
Disallow: /fishy
`;
export const AGENT = "Mozilla/5.0 (compatible; FooBot/2.1; +https://foo.example/bot)";
