"""SPI Sauron (1977): the Battle of Dagorlad, a hex-and-counter wargame for two sides."""
