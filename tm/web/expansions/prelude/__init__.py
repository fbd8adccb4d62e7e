"""The Prelude expansion on the page: its words (:mod:`.words`) and its page manifest
(:mod:`.page`: its setup offer's cards, its prompts that show whole cards, its log texts).
Importing the package loads neither (the catalog reads :mod:`.words` below every
renderer)."""
