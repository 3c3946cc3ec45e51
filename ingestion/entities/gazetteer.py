"""Known abbreviation <-> long-form pairs for German law and courts (aliases for resolution)."""

from __future__ import annotations

LAW_LONG_FORMS: dict[str, str] = {
    "AGG": "Allgemeines Gleichbehandlungsgesetz", "AktG": "Aktiengesetz", "AO": "Abgabenordnung",
    "ArbGG": "Arbeitsgerichtsgesetz", "ArbSchG": "Arbeitsschutzgesetz",
    "ArbZG": "Arbeitszeitgesetz", "AÜG": "Arbeitnehmerüberlassungsgesetz",
    "BBiG": "Berufsbildungsgesetz", "BDSG": "Bundesdatenschutzgesetz",
    "BEEG": "Bundeselterngeld- und Elternzeitgesetz", "BetrAVG": "Betriebsrentengesetz",
    "BetrVG": "Betriebsverfassungsgesetz", "BGB": "Bürgerliches Gesetzbuch",
    "BUrlG": "Bundesurlaubsgesetz", "DSGVO": "Datenschutz-Grundverordnung",
    "EFZG": "Entgeltfortzahlungsgesetz", "EntgTranspG": "Entgelttransparenzgesetz",
    "GewO": "Gewerbeordnung", "GG": "Grundgesetz", "GmbHG": "GmbH-Gesetz",
    "HGB": "Handelsgesetzbuch", "InsO": "Insolvenzordnung",
    "JArbSchG": "Jugendarbeitsschutzgesetz", "KSchG": "Kündigungsschutzgesetz",
    "MiLoG": "Mindestlohngesetz", "MuSchG": "Mutterschutzgesetz", "NachwG": "Nachweisgesetz",
    "SGB": "Sozialgesetzbuch", "StGB": "Strafgesetzbuch", "TVG": "Tarifvertragsgesetz",
    "TzBfG": "Teilzeit- und Befristungsgesetz", "ZPO": "Zivilprozessordnung",
    "PflegeZG": "Pflegezeitgesetz", "HAG": "Heimarbeitsgesetz", "SeeArbG": "Seearbeitsgesetz",
}  # fmt: skip
COURT_LONG_FORMS: dict[str, str] = {
    "BAG": "Bundesarbeitsgericht", "BGH": "Bundesgerichtshof", "BVerfG": "Bundesverfassungsgericht",
    "BVerwG": "Bundesverwaltungsgericht", "BSG": "Bundessozialgericht", "BFH": "Bundesfinanzhof",
    "EuGH": "Europäischer Gerichtshof", "EGMR": "Europäischer Gerichtshof für Menschenrechte",
    "LAG": "Landesarbeitsgericht", "ArbG": "Arbeitsgericht",
}  # fmt: skip
