"""Games played by link: a share link replays its moves through the game API, and a sealed
game's seat joins the rules and the fair deck; so this package sits above ``tm.game``."""
