/**
 * The web view's stylesheet and its one small script, as strings in the program (no
 * bundler, no CDN). The script only adds: a tooltip that follows the pointer or keyboard
 * focus over timeline shapes, and live numbers on the budget slider. Every page works
 * without it.
 *
 * @module
 */

import { THEME } from "./palette.ts";

/** The stylesheet, served at `/assets/style.css`. */
export const STYLE_CSS: string = `
*{box-sizing:border-box}
html{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${THEME.fg};background:${THEME.bg}}
body{margin:0 auto;max-width:1280px;padding:0 12px 48px}
a{color:${THEME.link}}
a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid ${THEME.focus};outline-offset:2px}
svg a:focus-visible rect{stroke:${THEME.focus};stroke-width:3}
header.top{display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center;padding:10px 0;border-bottom:1px solid #cccccc}
header.top strong{font-size:1.1rem}
nav.main ul{display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none;margin:0;padding:0}
nav.main a[aria-current=page]{font-weight:700;text-decoration:none;color:${THEME.fg}}
h1{font-size:1.45rem;margin:18px 0 6px}
h2{font-size:1.15rem;margin:26px 0 8px}
.muted,.note{color:${THEME.muted}}
.daynav{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:6px 0 12px}
.daynav form{display:flex;gap:6px;align-items:center}
input,button{font:inherit}
button{padding:3px 12px;border:1px solid #555555;border-radius:4px;background:${THEME.panel};color:${THEME.fg};cursor:pointer}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;border:1px solid #dddddd;border-radius:4px}
svg.timeline{display:block;width:100%;min-width:760px;height:auto}
svg.timeline text{font-size:12px;fill:${THEME.fg}}
svg.timeline .flabel{font-size:11px;pointer-events:none}
svg.timeline .hlabel{fill:${THEME.muted};text-anchor:middle}
svg.timeline .hour{stroke:#dddddd;stroke-width:1}
svg.timeline .presence,svg.timeline .gap{pointer-events:all}
.legend{display:flex;flex-wrap:wrap;gap:6px 16px;padding:0;margin:8px 0;list-style:none;font-size:.9rem}
.legend li{display:flex;align-items:center;gap:6px}
.sw{display:inline-block;width:22px;height:14px;border:1px solid #555555;vertical-align:middle}
table{border-collapse:collapse;width:100%;font-size:.92rem}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e2e2e2;vertical-align:top}
th{background:${THEME.panel}}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.bar{width:40%;min-width:120px}
svg.bar{display:block;width:100%;height:14px}
.wrap{overflow-wrap:anywhere}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:0 28px}
dl.fields{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0}
dl.fields dt{color:${THEME.muted}}
dl.fields dd{margin:0;overflow-wrap:anywhere}
pre.context{background:${THEME.panel};padding:12px;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85rem}
.empty{padding:16px;background:${THEME.panel};border-radius:4px}
#tip{position:fixed;z-index:9;max-width:360px;padding:6px 8px;background:${THEME.fg};color:#ffffff;border-radius:4px;font-size:.85rem;pointer-events:none;display:none}
.cal{display:inline-grid;grid-template-columns:repeat(7,2.2em);gap:2px;font-size:.8rem;margin:4px 0}
.cal span{display:block;text-align:center;padding:2px 0;border:1px solid #dddddd}
.cal span.hit{background:${THEME.fg};color:#ffffff;font-weight:700}
.cal span.hit::after{content:"•"}
@media (max-width:640px){html{font-size:15px}td.bar{min-width:80px}}
`;

/** The progressive script, served at `/assets/app.js`. */
export const APP_JS: string = `(function(){
var tip=document.createElement("div");tip.id="tip";tip.setAttribute("role","tooltip");document.body.appendChild(tip);
function text(el){var t=el.querySelector(":scope > title");return t?t.textContent:"";}
function target(e){var n=e.target;while(n&&n!==document){if(n.matches&&n.matches("svg.timeline a, svg.timeline .presence, svg.timeline .gap, svg.timeline .tick, svg.timeline .focus"))return n;n=n.parentNode;}return null;}
function show(el,x,y){var s=text(el);if(!s)return;tip.textContent=s;tip.style.display="block";tip.style.left=Math.min(x+14,innerWidth-370)+"px";tip.style.top=(y+14)+"px";}
document.addEventListener("mousemove",function(e){var el=target(e);if(el)show(el,e.clientX,e.clientY);else tip.style.display="none";});
document.addEventListener("focusin",function(e){var el=target(e);if(!el){tip.style.display="none";return;}var r=el.getBoundingClientRect();show(el,r.left,r.bottom);});
var range=document.querySelector("input[type=range][name=budget]");
if(range){var out=document.getElementById("budget-out");range.addEventListener("input",function(){if(out)out.textContent=range.value;});range.addEventListener("change",function(){range.form.submit();});}
})();
`;
