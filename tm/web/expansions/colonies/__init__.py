"""The Colonies expansion on the page: its section of the game screen (:mod:`.section`),
its prompts (:mod:`.prompts`), its log texts (:mod:`.log`), its words (:mod:`.words`)
and its page manifest (:mod:`.page`). Importing the package loads none of them (the
catalog reads :mod:`.words` below every renderer)."""
