// The library product: one import for the layers below, each a target of its own (README, "Layers").
@_exported import ShopFormats
@_exported import ShopHistory
@_exported import ShopJSON
@_exported import ShopModel
@_exported import ShopPlacing
@_exported import ShopRecipes
@_exported import ShopServe
@_exported import ShopSharing
@_exported import ShopWalks
