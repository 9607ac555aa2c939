/** The demo blog. Bodies are a small markdown subset: "## " headings, "- " lists, paragraphs. */
export const BLOG_POSTS = [
  {
    urlTitle: 'welcome-to-swapu',
    title: 'Welcome to SwapU: swap what you have for what you need',
    summary: 'Why we built an Australian marketplace where your old things are worth more than a garage sale price.',
    daysAgo: 40,
    body: `Most of us have a cupboard full of things that still work but no longer fit our lives: the bread maker from a fad year, the kids' bikes they have outgrown, the camping gear from one trip to the Grampians.

SwapU lets you trade those things for something you actually need. List an item in a couple of minutes, say what you would like in exchange, and let the marketplace do the matching.

## How a swap works
- List your item with a few photos, an honest condition and an estimated value.
- Browse, like and offer: swap items, add cash, or ask for cash on top.
- Chat, agree, and hand over in person or book a courier.

## Why swapping?
Every item that finds a second home is one less thing made new. We show the carbon you save on every listing so you can see it add up.

Welcome aboard. We can't wait to see what you swap.`,
  },
  {
    urlTitle: 'how-to-swap-safely',
    title: 'How to swap safely: meet-ups, couriers and spotting a dodgy offer',
    summary: 'Practical tips for meeting in person, sending parcels and keeping your details private.',
    daysAgo: 25,
    body: `Swapping should feel as safe as buying from a shop. These habits help.

## Meeting in person
- Meet somewhere public and busy: a shopping centre, a cafe, or the car park of your local police station.
- Bring a friend for big items, and check the item works before you hand yours over.
- Keep the conversation in SwapU chat so there is a record.

## Sending by courier
- Book delivery through SwapU so both sides can track the parcel.
- Pack fragile items well and photograph them before they go.

## Red flags
- Someone who wants to move the chat elsewhere straight away.
- Pressure to pay a "deposit" outside the app.
- Offers that are far too good to be true.

If anything feels wrong, report the listing or the user and our team will take a look.`,
  },
  {
    urlTitle: 'swapping-saves-carbon',
    title: 'How much carbon does a swap save?',
    summary: 'The maths behind the CO2 figure on every SwapU listing.',
    daysAgo: 12,
    body: `Every listing on SwapU shows an estimated carbon saving. Here is where that number comes from.

## Weight times material
Making new things takes energy. Life-cycle studies estimate how many kilograms of CO2e it takes to produce a kilogram of cotton, steel, plastic or electronics. We multiply the weight of your item by those factors, weighted by the materials you list.

## An example
A 12 kg steel and aluminium mountain bike saves roughly 50 kg of CO2e when it is swapped instead of a new one being made. That is about the same as driving a petrol car 250 km.

## Keep it honest
The figures are estimates, not certificates. They are there to show the scale of the good you are doing, one swap at a time.`,
  },
  {
    urlTitle: 'winter-swap-guide',
    title: 'The winter swap guide: trade your summer gear while it is in demand',
    summary: 'When to list surfboards, heaters, puffer jackets and snow gear for the best swaps.',
    daysAgo: 3,
    body: `Seasons move what people want. List at the right time and you will get more offers.

## List now
- Summer gear such as surfboards, stand-up paddle boards and camping fridges: people in the north are heading out.
- Outgrown kids' clothing before school holidays.

## Look for
- Heaters, electric blankets and puffer jackets are in demand in the south.
- Snow gear swaps peak before the long weekend in June.

Happy swapping, and stay warm.`,
  },
] as const;
