import type { ProjectType, Standard } from '../../shared/constants';

export interface SeedProject {
  slug: string;
  name: string;
  description: string;
  projectType: ProjectType;
  standard: Standard;
  country: string;
  vintageYear: number;
  priceCents: bigint;
  totalIssued: number;
  /** Registry-style serial prefix: standard, registry project number, vintage. */
  serialPrefix: string;
  latitude: number;
  longitude: number;
}

// A catalogue that covers every project type and standard, priced like today's voluntary market.
export const SEED_PROJECTS: SeedProject[] = [
  { slug: 'amazon-rainforest-conservation', name: 'Amazon Rainforest Conservation', description: 'Protects 180,000 ha of primary rainforest in Pará from illegal logging and cattle ranching, with community forest patrols and satellite monitoring.', projectType: 'reforestation', standard: 'verra', country: 'Brazil', vintageYear: 2021, priceCents: 1850n, totalIssued: 12000, serialPrefix: 'VCS-1094-2021', latitude: -3.4653, longitude: -62.2159 },
  { slug: 'kenya-mangrove-restoration', name: 'Gazi Bay Mangrove Restoration', description: 'Community-led replanting of mangrove forests along the Kenyan coast, restoring blue-carbon stocks and fish nurseries.', projectType: 'reforestation', standard: 'gold_standard', country: 'Kenya', vintageYear: 2022, priceCents: 2400n, totalIssued: 4500, serialPrefix: 'GS-7311-2022', latitude: -4.4229, longitude: 39.5087 },
  { slug: 'indonesia-peatland-restoration', name: 'Katingan Peatland Restoration', description: 'Rewets and replants 149,800 ha of tropical peat swamp forest in Central Kalimantan, preventing peat fires and emissions.', projectType: 'reforestation', standard: 'verra', country: 'Indonesia', vintageYear: 2020, priceCents: 1475n, totalIssued: 9000, serialPrefix: 'VCS-1477-2020', latitude: -2.5489, longitude: 118.0149 },
  { slug: 'scottish-highlands-woodland', name: 'Scottish Highlands Native Woodland', description: 'New native pinewood and broadleaf planting on former grazing land in the Cairngorms; long-term removals with permanence buffers.', projectType: 'reforestation', standard: 'car', country: 'United Kingdom', vintageYear: 2025, priceCents: 7800n, totalIssued: 2000, serialPrefix: 'CAR-1581-2025', latitude: 57.0833, longitude: -3.6667 },
  { slug: 'guatemala-agroforestry', name: 'Guatemala Highland Agroforestry', description: 'Smallholder coffee and cacao farms planting shade trees, raising incomes while sequestering carbon in soils and biomass.', projectType: 'reforestation', standard: 'verra', country: 'Guatemala', vintageYear: 2024, priceCents: 4200n, totalIssued: 3500, serialPrefix: 'VCS-2250-2024', latitude: 15.7835, longitude: -90.2308 },
  { slug: 'rajasthan-wind-power', name: 'Rajasthan Wind Power', description: 'A 100 MW wind farm feeding India’s northern grid and displacing coal-fired electricity.', projectType: 'renewable_energy', standard: 'gold_standard', country: 'India', vintageYear: 2019, priceCents: 620n, totalIssued: 15000, serialPrefix: 'GS-2940-2019', latitude: 26.9124, longitude: 70.9001 },
  { slug: 'vietnam-run-of-river-hydro', name: 'Song Bung Run-of-River Hydro', description: 'A run-of-river hydropower plant in Quang Nam province supplying clean baseload power without a large reservoir.', projectType: 'renewable_energy', standard: 'cdm', country: 'Vietnam', vintageYear: 2018, priceCents: 540n, totalIssued: 11000, serialPrefix: 'CDM-5123-2018', latitude: 15.7139, longitude: 107.7326 },
  { slug: 'atacama-solar-park', name: 'Atacama Desert Solar Park', description: 'Utility-scale photovoltaic park in the world’s sunniest desert, replacing fossil generation on Chile’s national grid.', projectType: 'solar_energy', standard: 'verra', country: 'Chile', vintageYear: 2023, priceCents: 1190n, totalIssued: 8000, serialPrefix: 'VCS-2611-2023', latitude: -23.8634, longitude: -69.1328 },
  { slug: 'noor-ouarzazate-solar', name: 'Noor Ouarzazate Solar Complex', description: 'Concentrated solar power with molten-salt storage that delivers clean electricity after sunset.', projectType: 'solar_energy', standard: 'gold_standard', country: 'Morocco', vintageYear: 2024, priceCents: 1325n, totalIssued: 6000, serialPrefix: 'GS-11482-2024', latitude: 30.9335, longitude: -6.9370 },
  { slug: 'ohio-landfill-gas', name: 'Ohio Landfill Gas Capture', description: 'Captures and destroys methane from a municipal landfill, generating electricity from the recovered gas.', projectType: 'methane_capture', standard: 'car', country: 'United States', vintageYear: 2022, priceCents: 980n, totalIssued: 7000, serialPrefix: 'CAR-1342-2022', latitude: 40.4173, longitude: -82.9071 },
  { slug: 'california-dairy-digesters', name: 'California Dairy Digesters', description: 'Anaerobic digesters on Central Valley dairies convert manure methane into renewable natural gas.', projectType: 'methane_capture', standard: 'car', country: 'United States', vintageYear: 2023, priceCents: 3200n, totalIssued: 3000, serialPrefix: 'CAR-1719-2023', latitude: 36.7783, longitude: -119.4179 },
  { slug: 'pennsylvania-coal-mine-methane', name: 'Pennsylvania Coal Mine Methane', description: 'Destroys methane venting from an abandoned coal mine using an enclosed flare with continuous monitoring.', projectType: 'methane_capture', standard: 'cdm', country: 'United States', vintageYear: 2019, priceCents: 890n, totalIssued: 5000, serialPrefix: 'CDM-9871-2019', latitude: 40.9699, longitude: -77.7278 },
  { slug: 'rwanda-clean-cookstoves', name: 'Rwanda Clean Cookstoves', description: 'Distributes efficient biomass cookstoves to households, cutting fuelwood use and indoor air pollution.', projectType: 'energy_efficiency', standard: 'gold_standard', country: 'Rwanda', vintageYear: 2021, priceCents: 1740n, totalIssued: 6500, serialPrefix: 'GS-5632-2021', latitude: -1.9403, longitude: 29.8739 },
  { slug: 'bangladesh-efficient-brick-kilns', name: 'Bangladesh Efficient Brick Kilns', description: 'Converts traditional brick kilns to hybrid Hoffmann technology, halving coal use per brick.', projectType: 'energy_efficiency', standard: 'cdm', country: 'Bangladesh', vintageYear: 2020, priceCents: 760n, totalIssued: 9500, serialPrefix: 'CDM-4412-2020', latitude: 23.685, longitude: 90.3563 },
];
