// The landing pages' styles, inlined into index.html beside their markup so the first view paints without waiting for
// a stylesheet request (Bootstrap, already in the app's render-blocking CSS, gives the grid and utilities). Colours keep
// 4.5:1 text contrast; animations stop under prefers-reduced-motion.
export const LANDER_CSS = `
.ldr{--ldr-accent:#ff6f61;--ldr-on-accent:#2a1210;--ldr-ink:#2a1210;--ldr-muted:#5c3f3c;--ldr-cream:#fff6f2;--ldr-card:#fff;color:var(--ldr-ink);background:var(--ldr-cream);min-height:70vh;overflow:hidden}
.ldr-niche-2{--ldr-accent:#ff7eb6}
.ldr-niche-3{--ldr-accent:#b3001b;--ldr-on-accent:#fff}
.ldr-niche-4{--ldr-accent:#ff9f1c}
.ldr-niche-5{--ldr-accent:#cfa6e6}
.ldr-niche-6{--ldr-accent:#ff8a65}
.ldr-niche-7{--ldr-accent:#4dd0c4}
.ldr .container{position:relative}
.ldr-narrow{max-width:560px}
.ldr-section{padding-top:2rem;padding-bottom:2.5rem}
.ldr-intro{margin-bottom:1.25rem}
.ldr-headline{font-size:clamp(1.9rem,6vw,3.1rem);font-weight:800;letter-spacing:-.02em;line-height:1.08;margin:0 0 .6rem}
.ldr-lead{font-size:1.125rem;color:var(--ldr-muted);margin:0;max-width:38rem}
.text-center .ldr-lead,.ldr-intro.text-center .ldr-lead{margin-left:auto;margin-right:auto}
.ldr-section-title{font-size:1.25rem;font-weight:800;margin:0 0 1rem;display:flex;align-items:center;gap:.5rem}
.ldr-cta{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:3.25rem;padding:.8rem 2rem;border-radius:2rem;background:var(--ldr-accent);color:var(--ldr-on-accent);font-weight:800;font-size:1.125rem;text-decoration:none;box-shadow:0 8px 24px rgba(255,111,97,.35);transition:transform .15s ease,box-shadow .15s ease}
.ldr-cta:hover,.ldr-cta:focus-visible{color:var(--ldr-on-accent);transform:translateY(-2px);box-shadow:0 12px 28px rgba(255,111,97,.45)}
.ldr a:focus-visible,.ldr button:focus-visible{outline:3px solid #1b64d1;outline-offset:3px}
.ldr-hint{color:var(--ldr-muted);font-size:.95rem;margin:1rem 0 0}
.ldr-place{display:inline-flex;align-items:center;gap:.25rem;font-size:.9rem;margin:0}
.ldr-activity{display:inline-flex;align-items:center;gap:.35rem;font-size:.85rem;font-weight:600}
.ldr-dot{display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:#2e9e5b;flex:none}
.ldr-activity-week .ldr-dot{background:#ff9f1c}
.ldr-photo-empty{display:flex;align-items:center;justify-content:center;background:linear-gradient(135deg,#ffd2cc,#ffe2bd);color:#c0392b;width:100%;height:100%;aspect-ratio:1}
.ldr ul{list-style:none;margin:0;padding:0}
.ldr-avatar{width:44px;height:44px;border-radius:50%;object-fit:cover;flex:none}
.ldr-round{display:inline-flex;align-items:center;justify-content:center;width:4rem;height:4rem;border-radius:50%;border:0;background:#fff;box-shadow:0 6px 18px rgba(42,18,16,.18);transition:transform .15s ease;text-decoration:none}
.ldr-round:hover{transform:scale(1.08)}
.ldr-round-nope{color:#b3261e}
.ldr-round-like{color:#fff;background:#c2185b}
.ldr-round-lg{width:4.5rem;height:4.5rem}

/* tinderswipe */
.ldr-swipe{padding:2rem 0 3rem;background:radial-gradient(circle at 50% 0,#ffe1da 0,var(--ldr-cream) 60%)}
.ldr-swipe-stack{position:relative;width:100%;max-width:380px;aspect-ratio:3/4;margin:0 auto}
.ldr-swipe-card{position:absolute;inset:0;border-radius:1.25rem;overflow:hidden;background:#333;box-shadow:0 18px 40px rgba(42,18,16,.25);transform:translateY(calc(var(--ldr-depth) * 10px)) scale(calc(1 - var(--ldr-depth) * .04));transition:transform .45s ease,opacity .45s ease}
.ldr-swipe-card.is-liked,.ldr-swipe-card.is-noped{pointer-events:none}
.ldr-swipe-card.is-liked{transform:translateX(130%) rotate(18deg);opacity:0}
.ldr-swipe-card.is-noped{transform:translateX(-130%) rotate(-18deg);opacity:0}
.ldr-swipe-photo{width:100%;height:100%;object-fit:cover;display:block}
.ldr-swipe-caption{position:absolute;left:0;right:0;bottom:0;padding:3rem 1.25rem 1.25rem;background:linear-gradient(transparent,rgba(0,0,0,.85) 55%);color:#fff;display:flex;flex-direction:column;gap:.3rem;align-items:flex-start}
.ldr-swipe-name{font-size:1.6rem;font-weight:800;margin:0}
.ldr-swipe-match{visibility:hidden;position:absolute;inset:0;border-radius:1.25rem;background:linear-gradient(160deg,#fff,#ffe9e3);display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;padding:2rem;gap:.5rem}
.ldr-swipe-stack.is-done .ldr-swipe-match{visibility:visible}
.ldr-match-icon{color:#c2185b}
.ldr-match-title{font-size:2rem;font-weight:800;margin:0}
.ldr-swipe-actions{display:flex;justify-content:center;gap:2rem;margin-top:2rem}
.ldr-swipe .ldr-hint{text-align:center}

/* alonetonight */
.ldr-night{position:relative;background:linear-gradient(180deg,#120a24 0%,#2b1546 60%,#4a2c2a 100%);color:#fff;padding:2.5rem 0 3rem}
.ldr-night .ldr-lead{color:#f1e4ff}
.ldr-stars{position:absolute;inset:0;background-image:radial-gradient(2px 2px at 20% 30%,#fff,transparent),radial-gradient(1.5px 1.5px at 70% 20%,#fff,transparent),radial-gradient(2px 2px at 40% 80%,#ffe9a8,transparent),radial-gradient(1px 1px at 85% 60%,#fff,transparent),radial-gradient(1.5px 1.5px at 10% 70%,#fff,transparent);opacity:.7;animation:ldr-twinkle 4s ease-in-out infinite alternate}
@keyframes ldr-twinkle{from{opacity:.35}to{opacity:.85}}
.ldr-night-hero{display:grid;gap:2rem;align-items:center}
.ldr-night-feature{position:relative;max-width:340px;margin:0 auto;width:100%}
.ldr-night-photo{width:100%;height:auto;aspect-ratio:4/5;object-fit:cover;border-radius:1.5rem;box-shadow:0 0 0 6px rgba(255,255,255,.08),0 24px 60px rgba(0,0,0,.5);display:block}
.ldr-night-caption{position:absolute;left:1rem;bottom:1rem;margin:0;padding:.35rem .9rem;border-radius:1rem;background:rgba(0,0,0,.72);font-weight:700}
.ldr-faces{display:grid;grid-template-columns:repeat(2,1fr);gap:1rem}
.ldr-face{display:flex;flex-direction:column;align-items:center;text-align:center;color:var(--ldr-ink);text-decoration:none;gap:.15rem}
.ldr-face-photo{width:112px;height:112px;border-radius:50%;object-fit:cover;border:4px solid #fff;box-shadow:0 0 0 3px #2e9e5b;margin-bottom:.35rem}
.ldr-face-name{font-weight:800}
.ldr-face-place{color:var(--ldr-muted);font-size:.9rem}
.ldr-face:hover .ldr-face-photo{transform:scale(1.04)}

/* collagelanding */
.ldr-collage{position:relative;min-height:78vh;display:flex;align-items:center;justify-content:center;padding:1.5rem .75rem}
.ldr-collage-grid{position:absolute;inset:0;display:grid;grid-template-columns:repeat(3,1fr);grid-auto-rows:25vh;grid-auto-flow:dense;gap:4px;overflow:hidden}
.ldr-collage-tile{overflow:hidden;background:#f3d9d3}
.ldr-tile-0,.ldr-tile-3{grid-row:span 2}
.ldr-collage-photo{width:100%;height:100%;object-fit:cover;display:block;animation:ldr-drift 18s ease-in-out infinite alternate}
@keyframes ldr-drift{from{transform:scale(1)}to{transform:scale(1.12)}}
.ldr-collage-panel{position:relative;z-index:2;background:rgba(255,255,255,.96);border-radius:1.5rem;padding:2rem 1.5rem;max-width:34rem;text-align:center;box-shadow:0 30px 60px rgba(42,18,16,.35)}
.ldr-avatars{display:flex;justify-content:center;margin-top:1.5rem!important}
.ldr-avatars li+li{margin-left:-.75rem}
.ldr-avatars .ldr-avatar{width:48px;height:48px;border:3px solid #fff}

/* gallery */
.ldr-gallery{padding-top:2.5rem}
.ldr-cards{display:grid;grid-template-columns:repeat(2,1fr);gap:.75rem}
.ldr-card-link{display:block;border-radius:1rem;overflow:hidden;background:var(--ldr-card);color:var(--ldr-ink);text-decoration:none;box-shadow:0 6px 18px rgba(42,18,16,.1);transition:transform .15s ease,box-shadow .15s ease;height:100%}
.ldr-card-link:hover{transform:translateY(-3px);box-shadow:0 12px 26px rgba(42,18,16,.16);color:var(--ldr-ink)}
.ldr-card-photo{width:100%;height:auto;aspect-ratio:1;object-fit:cover;display:block}
.ldr-card-body{display:flex;flex-direction:column;gap:.2rem;padding:.65rem .8rem .8rem;align-items:flex-start}
.ldr-card-name{font-weight:800}

/* iconslanding */
.ldr-icons-hero{background:linear-gradient(135deg,#ffe3dc,#fff1d6);padding:2.5rem 0}
.ldr-split{display:grid;gap:2rem;align-items:center}
.ldr-bubbles{display:grid;grid-template-columns:repeat(3,1fr);gap:.75rem;max-width:360px;margin:0 auto}
.ldr-bubble{animation:ldr-float 5s ease-in-out infinite}
.ldr-bubble-1,.ldr-bubble-4{animation-delay:-1.6s;transform:translateY(1rem)}
.ldr-bubble-2,.ldr-bubble-5{animation-delay:-3.2s}
@keyframes ldr-float{0%,100%{translate:0 0}50%{translate:0 -8px}}
.ldr-bubble-photo{width:100%;height:auto;aspect-ratio:1;border-radius:50%;object-fit:cover;border:4px solid #fff;box-shadow:0 10px 24px rgba(42,18,16,.2);display:block}
.ldr-features{display:grid;gap:1rem}
.ldr-feature{background:#fff;border-radius:1rem;padding:1.25rem;box-shadow:0 6px 18px rgba(42,18,16,.08)}
.ldr-feature-icon{display:inline-flex;width:3.25rem;height:3.25rem;border-radius:50%;align-items:center;justify-content:center;background:var(--ldr-accent);color:var(--ldr-on-accent);margin-bottom:.75rem}
.ldr-feature-title{font-size:1.1rem;font-weight:800;margin:0 0 .35rem}
.ldr-feature p{margin:0;color:var(--ldr-muted)}

/* maplanding */
.ldr-map-wrap{display:grid;gap:1.5rem}
.ldr-map{position:relative;aspect-ratio:1;border-radius:1.5rem;overflow:hidden;background-color:#e8f1e4;background-image:radial-gradient(circle at 50% 50%,rgba(255,111,97,.18) 0 18%,transparent 18.5%),radial-gradient(circle at 50% 50%,rgba(255,111,97,.1) 0 34%,transparent 34.5%),linear-gradient(32deg,transparent 47%,#fff 47% 50%,transparent 50%),linear-gradient(-58deg,transparent 60%,#fff 60% 62.5%,transparent 62.5%),linear-gradient(90deg,transparent 30%,#cfe3f5 30% 36%,transparent 36%),repeating-linear-gradient(0deg,transparent 0 38px,rgba(255,255,255,.7) 38px 40px),repeating-linear-gradient(90deg,transparent 0 38px,rgba(255,255,255,.7) 38px 40px);box-shadow:inset 0 0 0 1px rgba(42,18,16,.08)}
.ldr-map-you{position:absolute;left:50%;top:50%;width:1.1rem;height:1.1rem;margin:-.55rem 0 0 -.55rem;border-radius:50%;background:#1b64d1;border:3px solid #fff;box-shadow:0 2px 6px rgba(0,0,0,.3)}
.ldr-map-pulse{position:absolute;inset:-12px;border-radius:50%;border:2px solid #1b64d1;animation:ldr-ring 2s ease-out infinite}
@keyframes ldr-ring{from{transform:scale(.4);opacity:1}to{transform:scale(2.2);opacity:0}}
.ldr-pin{position:absolute;width:3.25rem;height:3.25rem;margin:-1.6rem 0 0 -1.6rem;border-radius:50% 50% 50% 0;rotate:-45deg;background:var(--ldr-accent);padding:3px;box-shadow:0 6px 14px rgba(42,18,16,.3);transition:transform .15s ease}
.ldr-pin:hover{transform:scale(1.12)}
.ldr-pin-photo{width:100%;height:100%;border-radius:50%;object-fit:cover;rotate:45deg;display:block}
.ldr-list{display:flex;flex-direction:column;gap:.5rem;margin-bottom:1.25rem!important}
.ldr-list-item{display:flex;align-items:center;gap:.75rem;padding:.5rem;border-radius:.9rem;background:#fff;color:var(--ldr-ink);text-decoration:none;box-shadow:0 3px 10px rgba(42,18,16,.06)}
.ldr-list-item:hover{color:var(--ldr-ink);background:#fff2ee}
.ldr-list-item>span{display:flex;flex-direction:column}
.ldr-list-photo{width:56px;height:56px;border-radius:50%;object-fit:cover;flex:none}
.ldr-list-name{font-weight:800}

/* socialnetwork */
.ldr-social{background:#f4f1f0}
.ldr-social-grid{display:grid;gap:1.5rem;align-items:start}
.ldr-feed{display:flex;flex-direction:column;gap:1.25rem;max-width:600px;width:100%;margin:0 auto}
.ldr-post{background:#fff;border-radius:1rem;overflow:hidden;box-shadow:0 3px 12px rgba(42,18,16,.08)}
.ldr-post-head{display:flex;align-items:center;gap:.75rem;padding:.75rem 1rem}
.ldr-post-name{font-size:1rem;font-weight:800;margin:0}
.ldr-post-meta{font-size:.85rem;color:var(--ldr-muted);margin:0}
.ldr-post-photo{width:100%;height:auto;aspect-ratio:1;object-fit:cover;display:block}
.ldr-post-actions{display:flex;gap:.5rem;padding:.5rem .75rem}
.ldr-post-action{display:inline-flex;align-items:center;gap:.4rem;padding:.45rem .75rem;border-radius:2rem;color:var(--ldr-ink);text-decoration:none;font-weight:600}
.ldr-post-action:hover{background:#fff0ec;color:#a3241a}
.ldr-social-side{display:flex;flex-direction:column;gap:1rem}
.ldr-side-card{background:#fff;border-radius:1rem;padding:1.25rem;box-shadow:0 3px 12px rgba(42,18,16,.08)}
.ldr-side-card .ldr-cta{width:100%}
.ldr-side-card .ldr-list{margin-bottom:0!important}
.ldr-side-card .ldr-list-item{box-shadow:none;padding:.35rem}

/* transitionsvideolanding: a film made of the profiles' photos, cross-faded and slowly zoomed in CSS */
.ldr-reel{background:#150c0b;color:#fff;padding:2rem 0 3rem}
.ldr-reel .ldr-lead{color:#f5e6e3}
.ldr-reel-grid{display:grid;gap:2rem;align-items:center}
.ldr-reel-frame{position:relative;aspect-ratio:3/4;max-width:420px;width:100%;margin:0 auto;border-radius:1.25rem;overflow:hidden;background:#2a1210;box-shadow:0 24px 60px rgba(0,0,0,.6);--ldr-slide:4s}
.ldr-reel-slide{position:absolute;inset:0;margin:0;opacity:0;animation:ldr-reel calc(var(--ldr-slide) * var(--ldr-slides)) linear infinite;animation-delay:calc(var(--ldr-slide) * var(--ldr-index))}
.ldr-reel-slide:first-child{opacity:1}
.ldr-reel-photo{width:100%;height:100%;object-fit:cover;display:block;animation:ldr-kenburns calc(var(--ldr-slide) * var(--ldr-slides)) linear infinite;animation-delay:calc(var(--ldr-slide) * var(--ldr-index))}
.ldr-reel-caption{position:absolute;left:1rem;right:1rem;bottom:1.5rem;font-size:1.35rem;font-weight:800;padding:.4rem .8rem;border-radius:.75rem;background:rgba(0,0,0,.72);width:max-content;max-width:calc(100% - 2rem)}
.ldr-reel-progress{position:absolute;left:0;bottom:0;height:4px;background:var(--ldr-accent);width:100%;transform-origin:left;animation:ldr-progress var(--ldr-slide) linear infinite}
@keyframes ldr-reel{0%{opacity:0}3%{opacity:1}20%{opacity:1}24%{opacity:0}100%{opacity:0}}
@keyframes ldr-kenburns{0%{transform:scale(1)}24%{transform:scale(1.15) translate(-2%,-2%)}100%{transform:scale(1.15)}}
@keyframes ldr-progress{from{transform:scaleX(0)}to{transform:scaleX(1)}}

/* video: a video call screen */
.ldr-call{background:linear-gradient(180deg,#fff6f2,#ffe7e0);padding:2rem 0 3rem}
.ldr-call-screen{position:relative;aspect-ratio:3/4;max-width:420px;margin:0 auto;border-radius:1.5rem;overflow:hidden;background:#111;box-shadow:0 24px 60px rgba(42,18,16,.35)}
.ldr-call-photo{width:100%;height:100%;object-fit:cover;display:block;animation:ldr-breathe 6s ease-in-out infinite alternate}
@keyframes ldr-breathe{from{transform:scale(1.02)}to{transform:scale(1.09) translateY(-1%)}}
.ldr-call-name{position:absolute;left:1rem;bottom:6.5rem;color:#fff;font-weight:800;font-size:1.2rem;padding:.35rem .75rem;border-radius:.75rem;background:rgba(0,0,0,.72);width:max-content;max-width:calc(100% - 2rem);display:flex;flex-direction:column;align-items:flex-start;gap:.25rem}
.ldr-call-name .ldr-activity{color:#fff;font-size:.85rem}
.ldr-call-bar{position:absolute;left:0;right:0;bottom:1.25rem;display:flex;justify-content:center;align-items:center;gap:1.25rem}
.ldr-faces-4{grid-template-columns:repeat(2,1fr)}

/* member landings */
.ldr-member-grid{display:grid;gap:1.75rem;align-items:center}
.ldr-member-photo-wrap{position:relative;max-width:420px;width:100%;margin:0 auto}
.ldr-member-photo-wrap .ldr-activity{position:absolute;left:1rem;bottom:1rem;background:#fff;padding:.3rem .75rem;border-radius:1rem}
.ldr-member-photo{width:100%;height:auto;aspect-ratio:3/4;max-height:55vh;object-fit:cover;border-radius:1.5rem;display:block;box-shadow:0 24px 50px rgba(42,18,16,.25)}
.ldr-kicker{font-weight:800;color:#a3241a;text-transform:uppercase;letter-spacing:.06em;font-size:.9rem;margin:0 0 .5rem}
.ldr-phone{max-width:380px;margin:0 auto;border-radius:2rem;background:#fff;box-shadow:0 24px 50px rgba(42,18,16,.2);overflow:hidden;border:8px solid #2a1210}
.ldr-phone-head{display:flex;align-items:center;gap:.75rem;padding:.85rem 1rem;border-bottom:1px solid #f0e3df}
.ldr-phone-name{font-weight:800;margin:0}
.ldr-phone-body{display:flex;flex-direction:column;justify-content:center;gap:.6rem;padding:1.25rem 1rem;min-height:14rem;background:#fbf7f6}
.ldr-phone-empty{margin:0;text-align:center;color:var(--ldr-muted)}
.ldr-phone-input{display:flex;align-items:center;justify-content:space-between;margin:.75rem;padding:.75rem 1rem;border-radius:2rem;background:#f4ecea;color:var(--ldr-muted);text-decoration:none}
.ldr-phone-input:hover{color:var(--ldr-ink)}
.ldr-private{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;max-width:420px;width:100%;margin:0 auto}
.ldr-private-main{grid-column:1/-1}
.ldr-private-tile{position:relative;border-radius:.9rem;overflow:hidden;aspect-ratio:1;background:linear-gradient(135deg,#6b3a35,#2a1210)}
.ldr-private-lock{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.25rem;color:#fff;background:rgba(42,18,16,.55);font-size:.75rem;font-weight:700;text-align:center;padding:.25rem}

@media (min-width:576px){
.ldr-faces{grid-template-columns:repeat(4,1fr)}
.ldr-cards{grid-template-columns:repeat(3,1fr);gap:1rem}
.ldr-collage-grid{grid-template-columns:repeat(4,1fr)}
.ldr-features{grid-template-columns:repeat(2,1fr)}
}
@media (min-width:992px){
.ldr-section{padding-top:3rem;padding-bottom:4rem}
.ldr-member-photo{max-height:none}
.ldr-night-hero,.ldr-split,.ldr-reel-grid,.ldr-member-grid{grid-template-columns:1.1fr .9fr;gap:3rem}
.ldr-reel-grid .ldr-reel-text{order:2}
.ldr-reel-grid{grid-template-columns:.9fr 1.1fr}
.ldr-night{padding:4rem 0}
.ldr-faces{grid-template-columns:repeat(8,1fr)}
.ldr-faces-4{grid-template-columns:repeat(4,1fr)}
.ldr-cards{grid-template-columns:repeat(4,1fr)}
.ldr-collage-grid{grid-template-columns:repeat(6,1fr);grid-auto-rows:26vh}
.ldr-collage-panel{padding:3rem}
.ldr-features{grid-template-columns:repeat(4,1fr)}
.ldr-map-wrap{grid-template-columns:1.3fr 1fr;align-items:start}
.ldr-social-grid{grid-template-columns:minmax(0,1fr) 320px}
.ldr-social-side{position:sticky;top:1rem}
.ldr-bubbles{max-width:420px}
}
/* Decorative motion waits until the page has settled (the web app adds is-animated a few seconds after it took the
   view over), so it never competes with the first view and the app's start; never under reduced motion. */
.ldr:not(.is-animated) *{animation:none!important}
@media (prefers-reduced-motion:reduce){
.ldr *,.ldr *::before,.ldr *::after{animation:none!important;transition:none!important}
.ldr-reel-slide{opacity:0}
.ldr-reel-slide:first-child{opacity:1}
}
`;
